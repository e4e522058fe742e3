import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const BIN = fileURLToPath(new URL('../../src/bin/chainsim.mjs', import.meta.url))

/** `chainsim serve --state` as a user runs it: a real process, its output kept, stopped or killed at will. */
export interface StateServer {
  url: string
  child: ChildProcess
  output(): string
  /** Resolves with the exit code (or signal) once the process is gone. */
  exited: Promise<number | string | null>
  kill(signal: NodeJS.Signals): Promise<number | string | null>
}

/** A config of one automined network `dev` (chain id 31337) in `dir`. */
export function oneNetworkConfig(dir: string, network: Record<string, unknown> = {}): string {
  const config = join(dir, 'config.json')
  writeFileSync(config, JSON.stringify({ networks: [{ name: 'dev', chainId: 31337, ...network }] }))
  return config
}

/** Starts `chainsim serve --config CONFIG --port 0 ARGS...` and waits for its banner (or its exit, which throws). */
export async function serveWithState(config: string, args: readonly string[]): Promise<StateServer> {
  const child = spawn(process.execPath, [BIN, 'serve', '--config', config, '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout?.on('data', (chunk) => (output += chunk))
  child.stderr?.on('data', (chunk) => (output += chunk))
  const exited = new Promise<number | string | null>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)))
  const deadline = Date.now() + 60_000
  let banner: RegExpMatchArray | null = null
  while (!(banner = output.match(/HTTP\s+(http:\/\/127\.0\.0\.1:\d+)/)) && child.exitCode === null && child.signalCode === null && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  if (!banner) {
    if (child.exitCode === null) child.kill('SIGKILL')
    await exited
    throw new Error(`chainsim serve did not start:\n${output}`)
  }
  return {
    url: `${banner[1]}/v3/test`,
    child,
    output: () => output,
    exited,
    kill: async (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal)
      return exited
    },
  }
}
