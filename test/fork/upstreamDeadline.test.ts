import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startChainsim, type Chainsim } from '../../src/testing/index.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'

// `chainsim serve --fork-url … --fork-deadline-ms`, a real process, forking through a proxy that can be made to
// hang: accept every request and never answer, as a stuck provider does.
const BIN = fileURLToPath(new URL('../../src/bin/chainsim.mjs', import.meta.url))
const DEADLINE_MS = 1_500

let upstream: Chainsim
let proxy: Server
let hanging = false
let cacheHome: string
let child: ChildProcess
let url: string

beforeAll(async () => {
  upstream = await startChainsim({ networks: [{ chainId: 4242 }] })
  const target = upstream.url
  proxy = createServer(async (request, response) => {
    let body = ''
    for await (const chunk of request) body += chunk
    if (hanging) return
    const answer = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
    response.writeHead(answer.status, { 'content-type': 'application/json' })
    response.end(await answer.text())
  })
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  cacheHome = await mkdtemp(join(tmpdir(), 'chainsim-xdg-'))
  const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/`
  child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--fork-url', proxyUrl, '--fork-deadline-ms', String(DEADLINE_MS)], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, XDG_CACHE_HOME: cacheHome },
  })
  let output = ''
  url = await new Promise<string>((resolve, reject) => {
    const look = (chunk: Buffer) => {
      output += chunk
      const banner = output.match(/HTTP\s+(http:\/\/127\.0\.0\.1:\d+)/)
      if (banner) resolve(`${banner[1]}/v3/test`)
    }
    child.stdout?.on('data', look)
    child.stderr?.on('data', look)
    child.once('exit', (code) => reject(new Error(`chainsim exited with ${code}: ${output}`)))
  })
}, 60_000)

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGINT')
    await exited
  }
  proxy?.closeAllConnections()
  await new Promise((resolve) => proxy?.close(resolve))
  await upstream?.close()
  if (cacheHome) await rm(cacheHome, { recursive: true, force: true })
})

describe('a hung fork upstream', () => {
  test('fails the read that needs it with -32000 within the deadline, while cached reads keep answering', async () => {
    const cached = '0x00000000000000000000000000000000000ca5ed'
    const uncached = '0x0000000000000000000000000000000000000bad'
    expect(await rpc(url, 'eth_getBalance', [cached, 'latest'])).toBe('0x0')
    hanging = true

    const started = performance.now()
    const failing = rpcError(url, 'eth_getBalance', [uncached, 'latest']).then((error) => ({ error, seconds: (performance.now() - started) / 1000 }))
    // While that read waits on the upstream, what the fork holds answers at once.
    await new Promise((resolve) => setTimeout(resolve, 200))
    const meanwhile = performance.now()
    expect(await rpc(url, 'eth_getBalance', [cached, 'latest'])).toBe('0x0')
    expect(BigInt(await rpc(url, 'eth_blockNumber'))).toBeGreaterThanOrEqual(0n)
    expect(performance.now() - meanwhile).toBeLessThan(DEADLINE_MS / 2)

    const { error, seconds } = await failing
    expect(error.code).toBe(-32000)
    expect(error.message).toMatch(new RegExp(`eth_getBalance.*no answer within the ${DEADLINE_MS} ms deadline`))
    expect(seconds).toBeGreaterThan(DEADLINE_MS / 1000 - 0.1)
    expect(seconds).toBeLessThan(DEADLINE_MS / 1000 + 2)
  }, 30_000)
})
