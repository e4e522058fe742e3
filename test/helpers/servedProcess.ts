import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const BIN = fileURLToPath(new URL('../../src/bin/chainsim.mjs', import.meta.url))

/** `chainsim serve` as a user runs it: a real process on a free port, its output kept. */
export interface ServedProcess {
  /** Where to POST JSON-RPC. */
  url: string
  /** Everything it printed so far, stdout and stderr. */
  output(): string
  /**
   * Everything it printed once `pattern` is among it (what follows the banner comes in later writes). Resolves with
   * the output as it is at the deadline if it never is, so the caller's assertion says what was printed instead.
   */
  printed(pattern: RegExp | string, timeoutMs?: number): Promise<string>
  stop(): Promise<void>
}

/**
 * Starts `chainsim serve` with one network of the given config entry (default: `dev`, chain id 31337,
 * automine) on a free port, and further command-line options `args`, and waits for its banner.
 */
export async function serveOneNetwork(network: Record<string, unknown> = {}, args: readonly string[] = []): Promise<ServedProcess> {
  const dir = await mkdtemp(join(tmpdir(), 'chainsim-served-'))
  const config = join(dir, 'config.json')
  await writeFile(config, JSON.stringify({ networks: [{ name: 'dev', chainId: 31337, ...network }] }))
  const served = await serveWithArgs(['--config', config, ...args])
  return {
    ...served,
    stop: async () => {
      await served.stop()
      await rm(dir, { recursive: true, force: true })
    },
  }
}

/** Starts `chainsim serve` on a free port with the command-line options `args`, and waits for its banner. */
export async function serveWithArgs(args: readonly string[]): Promise<ServedProcess> {
  const child: ChildProcess = spawn(process.execPath, [BIN, 'serve', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout?.on('data', (chunk) => (output += chunk))
  child.stderr?.on('data', (chunk) => (output += chunk))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGINT')
    await exited
  }
  // Starting takes a second or two (bundling, loading ethereumjs); a machine under load may take longer.
  const deadline = Date.now() + STARTUP_TIMEOUT_MS
  let banner: RegExpMatchArray | null = null
  while (!(banner = output.match(/HTTP\s+(http:\/\/127\.0\.0\.1:\d+)/)) && child.exitCode === null && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  if (!banner) {
    await stop()
    throw new Error(`chainsim serve ${args.join(' ')} did not start: ${output}`)
  }
  const printed = async (pattern: RegExp | string, timeoutMs = 10_000) => {
    const seen = () => (typeof pattern === 'string' ? output.includes(pattern) : pattern.test(output))
    for (const until = Date.now() + timeoutMs; !seen() && child.exitCode === null && Date.now() < until; ) {
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    return output
  }
  return { url: `${banner[1]}/v3/test`, output: () => output, printed, stop }
}

const STARTUP_TIMEOUT_MS = 30_000

/** The calls `--log-requests` printed a line for (src/rpc/requestLog.ts `formatRequestLine`), in order. */
export function printedCalls(output: string): Array<{ method: string; params: string }> {
  const line = /^\d\d:\d\d:\d\d\.\d{3} \S+ (?:http|ws#\d+) (?:\S+ )?(\S+) (\[.*\]) \d+\.\d\d ms → /gm
  return [...output.matchAll(line)].map((m) => ({ method: m[1]!, params: m[2]! }))
}
