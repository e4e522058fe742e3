import { spawn } from 'node:child_process'
import { anvilBinary } from './anvilBinary.ts'
import { LATEST_HARDFORK } from '../../src/evm/index.ts'

/**
 * Anvil 1.7.1 for the differential tests, from the development dependency @foundry-rs/anvil. Where it installed
 * no binary for this platform those tests are skipped with a line saying so, unless CHAINSIM_REQUIRE_ANVIL=1 (as in CI), which
 * makes a missing Anvil a failure: a differential that skipped silently would hold nothing.
 */
export const ANVIL: string | undefined = anvilBinary()

export const hasAnvil = ANVIL !== undefined

if (!hasAnvil) {
  const line = 'Anvil differential tests: @foundry-rs/anvil installed no Anvil binary for this platform'
  if (process.env['CHAINSIM_REQUIRE_ANVIL'] === '1') throw new Error(`${line}: CHAINSIM_REQUIRE_ANVIL=1 makes that a failure`)
  console.warn(`${line}; skipped`)
}

/** A running Anvil: where to send JSON-RPC, what it printed until it listened (or all along, `keepOutput`), and a way to stop it. */
export interface AnvilProcess {
  url: string
  output(): string
  /** Stops the process (SIGKILL unless told; SIGINT or SIGTERM let Anvil write `--dump-state`) and waits for it to be gone. */
  close(signal?: NodeJS.Signals): Promise<void>
}

/** chainsim's dev mnemonic (Anvil's default too): both chains hold the same ten keys. */
const DEV_MNEMONIC = 'test test test test test test test test test test test junk'
const STARTUP_TIMEOUT_MS = 60_000

/**
 * Starts Anvil on a port it picks (`--port 0`, read back from its "Listening on" line), as chainsim's dev chain
 * is made: chain id 31337, the rules chainsim's `latest` names (Anvil's own `latest` is one fork behind), the dev
 * mnemonic, automine; `args` add to or change that (`--no-mining`, `--steps-tracing`, `--hardfork prague`, or one
 * of those defaults given again).
 */
export async function startAnvil(args: readonly string[] = [], options: { keepOutput?: boolean } = {}): Promise<AnvilProcess> {
  if (!ANVIL) throw new Error('Anvil is not installed: guard the test with hasAnvil')
  // A default the caller gives again is left out: Anvil refuses a flag given twice.
  const defaults = [
    ['--chain-id', '31337'],
    ['--hardfork', LATEST_HARDFORK],
    ['--mnemonic', DEV_MNEMONIC],
  ].filter(([flag]) => !args.includes(flag as string))
  const child = spawn(ANVIL, ['--port', '0', ...defaults.flat(), ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  // What it printed until it listened; later lines (one per call) are read and dropped, so the pipe never fills,
  // unless `keepOutput` (a test of what it prints).
  let output = ''
  let listening = false
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const close = async (signal: NodeJS.Signals = 'SIGKILL') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal)
    await exited
  }
  const address = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`anvil did not listen within ${STARTUP_TIMEOUT_MS / 1000} s:\n${output}`)), STARTUP_TIMEOUT_MS)
    const read = (chunk: Buffer) => {
      if (listening) {
        if (options.keepOutput) output += chunk
        return
      }
      output += chunk
      const found = output.match(/Listening on (127\.0\.0\.1:\d+)/)
      if (!found) return
      listening = true
      clearTimeout(timer)
      resolve(found[1] as string)
    }
    child.stdout.on('data', read)
    child.stderr.on('data', read)
    child.once('exit', (code, signal) => {
      clearTimeout(timer)
      reject(new Error(`anvil exited (${signal ?? code}) before it listened:\n${output}`))
    })
  }).catch(async (error: unknown) => {
    await close()
    throw error
  })
  return { url: `http://${address}/`, output: () => output, close }
}
