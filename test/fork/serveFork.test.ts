import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startChainsim, type Chainsim } from '../../src/testing/index.ts'
import { parseConfig } from '../../src/config/loadConfig.ts'
import { createForkedNode } from '../../src/fork/createForkedNode.ts'
import { startServer } from '../../src/server.ts'
import { rpc } from '../helpers/rpcClient.ts'

// `chainsim serve --fork-url` as a user runs it: a real process forking a real node on loopback.
const BIN = fileURLToPath(new URL('../../src/bin/chainsim.mjs', import.meta.url))

let upstream: Chainsim
let cacheHome: string

beforeAll(async () => {
  upstream = await startChainsim({ networks: [{ chainId: 4242 }] })
  await rpc(upstream.url, 'anvil_mine', ['0x3'])
  cacheHome = await mkdtemp(join(tmpdir(), 'chainsim-xdg-'))
})
afterAll(async () => {
  await upstream?.close()
  if (cacheHome) await rm(cacheHome, { recursive: true, force: true })
})

/** Runs `chainsim serve` with `args` until its banner is out (then stops it) or it exits. */
async function serve(args: string[]): Promise<{ output: string; code: number | null }> {
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, XDG_CACHE_HOME: cacheHome },
  })
  let output = ''
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const onData = (chunk: Buffer) => {
    output += chunk
    if (/WS\s+ws:/.test(output)) child.kill('SIGINT')
  }
  child.stdout.on('data', onData)
  child.stderr.on('data', onData)
  return { code: await exited, output }
}

async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

describe('chainsim serve --fork-url', () => {
  test('forks the upstream at the block asked, says so in the banner, and caches under $XDG_CACHE_HOME', async () => {
    const upstreamUrl = `${upstream.server.networks[0]!.httpUrl}/`
    const { output, code } = await serve(['--fork-url', upstreamUrl, '--fork-block', '2'])
    expect(code, output).toBe(0)
    expect(output).toMatch(/fork\s+chain id 4242\s+\(automine\)/)
    const hash = (await rpc(upstream.url, 'eth_getBlockByNumber', ['0x2', false])).hash
    expect(output).toContain(`Fork  ${upstreamUrl} at block 2 ${hash}`)
    const cacheDir = join(cacheHome, 'chainsim', 'forks', '4242', '2')
    expect(output).toContain(`Cache ${cacheDir}`)
    expect(existsSync(join(cacheDir, 'entries.jsonl'))).toBe(true)

    const offline = await serve(['--fork-url', upstreamUrl, '--offline'])
    expect(offline.code, offline.output).toBe(0)
    expect(offline.output).toContain(`Fork  ${upstreamUrl} at block 2 ${hash}, offline`)
  })

  test('an unreachable upstream stops the command, naming the URL and the error', async () => {
    const port = await closedPort()
    const { output, code } = await serve(['--fork-url', `http://127.0.0.1:${port}`])
    expect(code).toBe(1)
    expect(output).toContain(
      `chainsim: cannot fork http://127.0.0.1:${port}/: eth_config, eth_chainId, eth_blockNumber, eth_getBlockByNumber: connect ECONNREFUSED 127.0.0.1:${port} (4 attempts)\n`,
    )
  })
})

describe('refused before anything is served', () => {
  test('a fork block the upstream does not have yet', async () => {
    const failure = createForkedNode({ url: `${upstream.server.networks[0]!.httpUrl}/`, blockNumber: 999n, cacheDir: cacheHome })
    await expect(failure).rejects.toThrow(`cannot fork ${upstream.server.networks[0]!.httpUrl}/ at block 999: its latest block is 3`)
  })

  test('--state with a forked network (a state file replays from genesis)', async () => {
    const config = parseConfig({ networks: [{ name: 'mainnet-fork', fork: { url: `${upstream.server.networks[0]!.httpUrl}/` } }] })
    await expect(startServer(config, { port: 0, statePath: join(cacheHome, 'state.json') })).rejects.toThrow(
      '--state cannot save network mainnet-fork: a forked network restarts from its fork cache instead',
    )
  })

  test('a network needs a chain id unless it forks', () => {
    expect(() => parseConfig({ networks: [{ name: 'dev' }] })).toThrow(
      /networks\.0\.chainId: chainId is required \(a network with `fork` takes its upstream's\)/,
    )
  })
})
