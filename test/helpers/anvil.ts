import { spawn } from 'node:child_process'
import { anvilBinary } from '../../scripts/bench/targets.ts'

export { anvilBinary }

/** A running Anvil: where to POST JSON-RPC. */
export interface RunningAnvil {
  url: string
  stop(): Promise<void>
}

const DEV_MNEMONIC = 'test test test test test test test test test test test junk'
const STARTUP_TIMEOUT_MS = 30_000

/**
 * Starts Anvil on a free port (it picks one for `--port 0` and says which) with chainsim's dev mnemonic and
 * chain id, so both hold the same ten keys.
 */
export async function startAnvil(binary: string): Promise<RunningAnvil> {
  const child = spawn(binary, ['--port', '0', '--chain-id', '31337', '--mnemonic', DEV_MNEMONIC], { stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGINT')
    await exited
  }
  const deadline = Date.now() + STARTUP_TIMEOUT_MS
  let listening: RegExpMatchArray | null = null
  while (!(listening = output.match(/Listening on (127\.0\.0\.1:\d+)/)) && child.exitCode === null && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  if (!listening) {
    await stop()
    throw new Error(`anvil did not start: ${output}`)
  }
  return { url: `http://${listening[1]}`, stop }
}
