import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { WebSocket } from 'ws'
import { parseConfig } from '../../src/config/loadConfig.ts'
import { startServer, type RunningServer } from '../../src/server.ts'
import { deployEmitterViaRpc, emitterCall, devAccount, send } from '../helpers/rpcChain.ts'
import { closed, openClient, request } from './testServer.ts'

// Each transport limit of the config's `limits` object, hit once through a real server (startServer, a
// real node) with its own clear error.

const JSON_HEADERS = { 'content-type': 'application/json' }
const chainId = (id: number) => ({ jsonrpc: '2.0', id, method: 'eth_chainId' })
const nestedArray = (depth: number): unknown => (depth === 0 ? 0 : [nestedArray(depth - 1)])

/** Waits (polling, at most 10 s: the server is busy with the slow client's requests) until `condition` holds. */
const eventually = (condition: () => boolean) =>
  vi.waitFor(
    () => {
      if (!condition()) throw new Error('condition not met yet')
    },
    { timeout: 10_000, interval: 5 },
  )

function post(url: string, body: unknown) {
  return fetch(url, { method: 'POST', headers: JSON_HEADERS, body: typeof body === 'string' ? body : JSON.stringify(body) })
}

describe('configured limits', () => {
  let server: RunningServer
  let httpUrl: string
  let wsUrl: string

  beforeAll(async () => {
    const config = parseConfig({
      limits: { maxHttpBodyBytes: 2048, maxWsMessageBytes: 2048, maxBatchSize: 3, maxJsonDepth: 8 },
      networks: [{ name: 'dev', chainId: 31337, port: 0 }],
    })
    server = await startServer(config, { port: 0 })
    httpUrl = `${server.networks[0]!.httpUrl}/v3/key`
    wsUrl = `${server.networks[0]!.wsUrl}/ws/v3/key`
  })
  afterAll(() => server.close())

  test('maxHttpBodyBytes: a larger body → 413 with -32005 saying the limit', async () => {
    const response = await post(httpUrl, { ...chainId(1), params: ['x'.repeat(2048)] })
    expect(response.status).toBe(413)
    expect(await response.json()).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32005, message: 'request body larger than 2048 bytes' } })
  })

  test('maxBatchSize: a longer batch → one -32600 "batch too large"; one at the limit is answered', async () => {
    const tooMany = await post(httpUrl, [chainId(1), chainId(2), chainId(3), chainId(4)])
    expect(tooMany.status).toBe(200)
    expect(await tooMany.json()).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'batch too large' } })
    expect(await (await post(httpUrl, [chainId(1), chainId(2), chainId(3)])).json()).toHaveLength(3)
  })

  test('maxJsonDepth: nesting past it → -32600 "request nested too deeply", over HTTP and WebSocket', async () => {
    const tooDeep = { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'request nested too deeply' } }
    // The request object is level 1, its params level 2.
    const deep = { ...chainId(1), params: nestedArray(8) }
    expect(await (await post(httpUrl, deep)).json()).toEqual(tooDeep)
    const client = await openClient(wsUrl)
    expect(await request(client, deep)).toEqual(tooDeep)
    // At the limit it reaches the method, which refuses the params itself.
    expect(await request(client, { ...chainId(2), params: nestedArray(7) })).toMatchObject({ id: 2, error: { code: -32602 } })
    client.close()
  })

  test('maxWsMessageBytes: a larger message → close 1009', async () => {
    const client = await openClient(wsUrl)
    const closing = closed(client)
    client.send(JSON.stringify({ ...chainId(1), params: ['x'.repeat(2048)] }))
    expect((await closing).code).toBe(1009)
  })
})

test('config: each limit has its documented default, and a bad one is refused by name', () => {
  const { limits } = parseConfig({ networks: [{ name: 'dev', chainId: 1 }] })
  expect(limits).toEqual({
    maxHttpBodyBytes: 10 * 1024 * 1024,
    maxWsMessageBytes: 10 * 1024 * 1024,
    maxWsBufferedBytes: 16 * 1024 * 1024,
    maxBatchSize: 1000,
    maxJsonDepth: 64,
    httpKeepAliveTimeoutMs: 72_000,
    httpRequestTimeoutMs: 30_000,
    wsIdleTimeoutMs: 300_000,
    wsPingIntervalMs: 30_000,
  })
  const bad = (limits: unknown) => () => parseConfig({ limits, networks: [{ name: 'dev', chainId: 1 }] })
  expect(bad({ maxBatchSize: 0 })).toThrow(/limits\.maxBatchSize/)
  expect(bad({ maxJsonDepht: 3 })).toThrow(/limits: unknown key maxJsonDepht; did you mean maxJsonDepth\?/)
  expect(bad({ wsIdleTimeoutMs: 1000, wsPingIntervalMs: 1000 })).toThrow(/limits\.wsPingIntervalMs: wsPingIntervalMs must be less than wsIdleTimeoutMs/)
})

test('maxWsBufferedBytes: a client that stops reading is dropped (1008) while other clients carry on', async () => {
  const config = parseConfig({
    limits: { maxWsBufferedBytes: 256 * 1024 },
    networks: [{ name: 'dev', chainId: 31337, port: 0 }],
  })
  const server = await startServer(config, { port: 0 })
  const wsUrl = `${server.networks[0]!.wsUrl}/ws/v3/key`
  const httpUrl = `${server.networks[0]!.httpUrl}/v3/key`
  try {
    // 1,000 logs in one block: each eth_getLogs answer is about half a megabyte.
    const emitter = await deployEmitterViaRpc(httpUrl)
    await send(httpUrl, { from: devAccount(0).address, to: emitter, data: emitterCall('emitMany', [1000n]), gas: '0x1000000' })
    const slow = await openClient(wsUrl)
    const fast = await openClient(wsUrl)
    const fastMessages: Array<{ id?: number; method?: string; result?: unknown }> = []
    fast.on('message', (data) => fastMessages.push(JSON.parse(String(data))))
    fast.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_subscribe', params: ['newHeads'] }))
    await eventually(() => fastMessages.some((m) => m.id === 1))

    const slowClosing = closed(slow)
    // The slow client stops reading and keeps asking for large answers: 24 × 1,000 logs, about 15 MB, more
    // than loopback's socket buffers hold.
    slow.pause()
    const getLogs = (id: number) => JSON.stringify({ jsonrpc: '2.0', id, method: 'eth_getLogs', params: [{ fromBlock: 'earliest', address: emitter }] })
    for (let id = 0; id < 24; id++) slow.send(getLogs(id))

    // Meanwhile the fast client is answered and notified.
    for (let id = 2; id <= 6; id++) {
      fast.send(JSON.stringify({ jsonrpc: '2.0', id, method: 'evm_mine', params: [] }))
      await eventually(() => fastMessages.some((m) => m.id === id))
    }
    await eventually(() => fastMessages.filter((m) => m.method === 'eth_subscription').length >= 5)

    slow.resume()
    expect(await slowClosing).toEqual({ code: 1008, reason: 'client too slow: send buffer limit exceeded' })
    // And it still is, after the slow one is gone.
    fast.send(JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'eth_blockNumber', params: [] }))
    await eventually(() => fastMessages.some((m) => m.id === 7))
    expect(fastMessages.find((m) => m.id === 7)?.result).toBe('0x7')
    expect(fast.readyState).toBe(WebSocket.OPEN)
    fast.close()
  } finally {
    await server.close()
  }
})
