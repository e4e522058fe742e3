import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { mkdtemp, writeFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { StartChainsimOptions } from '../../src/testing/index.ts'

const BIN = fileURLToPath(new URL('../../src/bin/chainsim.mjs', import.meta.url))

/** A node running in its own process, on loopback: its JSON-RPC URL, and a way to stop it. */
export interface SpawnedNode {
  url: string
  child: ChildProcess
  output(): string
  /** Stops the process and waits for it to be gone. */
  kill(): Promise<void>
}

async function spawnUntil(command: string, args: string[], ready: RegExp, toUrl: (match: RegExpMatchArray) => string): Promise<SpawnedNode> {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const match = await new Promise<RegExpMatchArray>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${command} did not start in 60 s:\n${output}`)), 60_000)
    const look = (chunk: Buffer) => {
      output += chunk
      const found = output.match(ready)
      if (found) {
        clearTimeout(timer)
        resolve(found)
      }
    }
    child.stdout?.on('data', look)
    child.stderr?.on('data', look)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`${command} exited with ${code} before it served:\n${output}`))
    })
  })
  return {
    url: toUrl(match),
    child,
    output: () => output,
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
      await exited
    },
  }
}

/** `chainsim serve` in a child process with one network, on a free port. */
export async function spawnChainsim(network: NonNullable<StartChainsimOptions['networks']>[number]): Promise<SpawnedNode> {
  const dir = await mkdtemp(join(tmpdir(), 'chainsim-upstream-'))
  const config = join(dir, 'config.json')
  await writeFile(config, JSON.stringify({ networks: [network] }))
  return spawnUntil(process.execPath, [BIN, 'serve', '--config', config, '--port', '0'], /HTTP\s+(http:\/\/127\.0\.0\.1:\d+)/, (m) => `${m[1]}/`)
}

/**
 * A loopback HTTP proxy in front of an upstream that counts the JSON-RPC calls passing through it (batches
 * counted call by call): how a test sees what a fork asks its upstream.
 */
export interface CountingProxy {
  url: string
  /** Every call forwarded so far, as `method params-json`, in order. */
  readonly calls: string[]
  /** HTTP round trips forwarded so far. */
  readonly roundTrips: number
  /** Calls of `method` so far. */
  count(method: string): number
  /** While true, every request is answered HTTP 503 without reaching the upstream, as a provider's outage. */
  outage: boolean
  close(): Promise<void>
}

export async function countingProxy(target: string): Promise<CountingProxy> {
  const calls: string[] = []
  let roundTrips = 0
  const state = { outage: false }
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks).toString('utf8')
    roundTrips++
    if (state.outage) {
      response.writeHead(503, { 'content-type': 'text/plain' })
      response.end('upstream unavailable')
      return
    }
    try {
      const parsed = JSON.parse(body) as { method: string; params: unknown[] } | Array<{ method: string; params: unknown[] }>
      for (const call of Array.isArray(parsed) ? parsed : [parsed]) calls.push(`${call.method} ${JSON.stringify(call.params)}`)
      const upstream = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
      response.writeHead(upstream.status, { 'content-type': 'application/json' })
      response.end(await upstream.text())
    } catch {
      // The upstream is gone: the connection is cut, as a dead upstream's would be.
      request.socket.destroy()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/`,
    calls,
    get roundTrips() {
      return roundTrips
    },
    count: (method) => calls.filter((call) => call.startsWith(`${method} `)).length,
    get outage() {
      return state.outage
    },
    set outage(down: boolean) {
      state.outage = down
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
