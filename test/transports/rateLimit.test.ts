import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { WebSocket } from 'ws'
import { parseConfig } from '../../src/config/loadConfig.ts'
import { startServer, type RunningServer } from '../../src/server.ts'
import { createRateLimiter } from '../../src/transports/rateLimit.ts'
import { openClient, request, startTestServer, type TestServer } from './testServer.ts'
import { expectEach } from '../helpers/expectEach.ts'

const JSON_HEADERS = { 'content-type': 'application/json' }
const echo = (id: number | string) => ({ jsonrpc: '2.0', id, method: 'echo', params: [id] })
const RATE_LIMITED = { code: -32005, message: 'rate limit exceeded' }

function post(url: string, body: unknown) {
  return fetch(url, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify(body) })
}

describe('token bucket', () => {
  // A clock the test moves by hand: the arithmetic, without waiting.
  const clocked = (requestsPerSecond: number, burst: number) => {
    let now = 0
    const limiter = createRateLimiter({ requestsPerSecond, burst, now: () => now })
    return { limiter, advance: (ms: number) => (now += ms) }
  }

  test('a full bucket grants `burst` requests at once, then refuses with when to come back', () => {
    const { limiter } = clocked(10, 3)
    expect(limiter.take('k', 3)).toBeUndefined()
    const refused = limiter.take('k', 1)
    expect(refused).toMatchObject({ code: -32005, message: 'rate limit exceeded', data: { retryAfterMs: 100, requestsPerSecond: 10, burst: 3 } })
  })

  test('tokens come back at the rate, never past the burst', () => {
    const { limiter, advance } = clocked(10, 3)
    limiter.take('k', 3)
    advance(250)
    expect(limiter.take('k', 2)).toBeUndefined()
    expect(limiter.take('k', 1)).toBeDefined()
    advance(60_000)
    expect(limiter.take('k', 3)).toBeUndefined()
    expect(limiter.take('k', 1)).toBeDefined()
  })

  test('a refused take costs nothing', () => {
    const { limiter, advance } = clocked(10, 3)
    limiter.take('k', 3)
    advance(100)
    expect(limiter.take('k', 2)).toBeDefined()
    expect(limiter.take('k', 1)).toBeUndefined()
  })

  test('more requests than the burst can never pass: no retry time is given', () => {
    const { limiter } = clocked(10, 3)
    expect(limiter.take('k', 4)?.data).toEqual({ requestsPerSecond: 10, burst: 3 })
  })

  test('each key has its own bucket', () => {
    const { limiter } = clocked(1, 1)
    expect(limiter.take('a', 1)).toBeUndefined()
    expect(limiter.take('a', 1)).toBeDefined()
    expect(limiter.take('b', 1)).toBeUndefined()
  })

  test('buckets of keys gone quiet are forgotten: memory stays bounded however many keys are invented', () => {
    const { limiter, advance } = clocked(1000, 1)
    for (let i = 0; i < 50_000; i++) {
      limiter.take(`key-${i}`, 1)
      advance(1)
    }
    expect(limiter.size).toBeLessThanOrEqual(10_000)
    // A forgotten key starts again with a full bucket.
    expect(limiter.take('key-0', 1)).toBeUndefined()
  })

  test('many keys active at once are all kept, and each new key stays cheap', () => {
    const { limiter } = clocked(1, 1)
    for (let i = 0; i < 50_000; i++) limiter.take(`key-${i}`, 1)
    expect(limiter.size).toBe(50_000)
    expect(limiter.take('key-0', 1)).toBeDefined()
    // A sweep on every new key past 10,000 would be 40,000 sweeps of up to 50,000 buckets (quadratic); the
    // threshold doubling after a sweep that frees nothing leaves 10,000 → 20,000 → 40,000: three.
    expect(limiter.sweeps).toBe(3)
  })
})

// 1 token a second and a bucket of 2, on a clock the test moves: two requests pass at once, the next is refused
// until the test moves the clock by the wait the refusal named. Nothing depends on how fast the machine is.
describe('over HTTP and WebSocket', () => {
  let server: TestServer
  let clock = 0
  beforeAll(async () => {
    server = await startTestServer({ rateLimiter: createRateLimiter({ requestsPerSecond: 1, burst: 2, now: () => clock }) })
  })
  afterAll(() => server.close())

  test('HTTP: past the bucket → 429, Retry-After, each request answered -32005 with its id; after waiting, it passes', async () => {
    const url = `${server.httpUrl}/v3/http-key`
    expect((await post(url, [echo(1), echo(2)])).status).toBe(200)
    // Two requests (a notification counts too) need two tokens: about two seconds away.
    const refused = await post(url, [echo(3), { jsonrpc: '2.0', method: 'echo' }])
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toBe('2')
    expect(await refused.json()).toEqual([
      { jsonrpc: '2.0', id: 3, error: { ...RATE_LIMITED, data: { retryAfterMs: expect.any(Number), requestsPerSecond: 1, burst: 2 } } },
    ])
    const single = await post(url, echo(5))
    expect(single.status).toBe(429)
    expect(single.headers.get('retry-after')).toBe('1')
    const { retryAfterMs } = ((await single.json()) as { error: { data: { retryAfterMs: number } } }).error.data
    expect(retryAfterMs).toBe(1000)
    // One millisecond short of the wait, still refused; the client backs off as told, then its request passes.
    clock += retryAfterMs - 1
    expect((await post(url, echo(5))).status).toBe(429)
    clock += 1
    const again = await post(url, echo(6))
    expect(again.status).toBe(200)
    expect(await again.json()).toEqual({ jsonrpc: '2.0', id: 6, result: [6] })
  })

  test('HTTP: a refused message of notifications only → 429 with one error body', async () => {
    const url = `${server.httpUrl}/v3/notify-key`
    await post(url, [echo(1), echo(2)])
    const refused = await post(url, { jsonrpc: '2.0', method: 'echo' })
    expect(refused.status).toBe(429)
    expect(await refused.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: RATE_LIMITED })
  })

  test('HTTP: a batch larger than the bucket is always refused, with no Retry-After', async () => {
    const refused = await post(`${server.httpUrl}/v3/big-batch-key`, [echo(1), echo(2), echo(3)])
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toBeNull()
  })

  test('HTTP: one key running out leaves other keys alone', async () => {
    await post(`${server.httpUrl}/v3/greedy`, [echo(1), echo(2)])
    expect((await post(`${server.httpUrl}/v3/greedy`, echo(3))).status).toBe(429)
    expect((await post(`${server.httpUrl}/v3/modest`, echo(4))).status).toBe(200)
  })

  test('WebSocket: each refused request gets -32005 with its id, the connection stays up, and after waiting requests pass', async () => {
    const client = await openClient(`${server.wsUrl}/ws/v3/ws-key`)
    expect(await request(client, [echo(1), echo(2)])).toEqual([
      { jsonrpc: '2.0', id: 1, result: [1] },
      { jsonrpc: '2.0', id: 2, result: [2] },
    ])
    expect(await request(client, [echo(3), echo(4)])).toEqual([
      { jsonrpc: '2.0', id: 3, error: expect.objectContaining(RATE_LIMITED) },
      { jsonrpc: '2.0', id: 4, error: expect.objectContaining(RATE_LIMITED) },
    ])
    const single = (await request(client, echo(5))) as { error: { data: { retryAfterMs: number } } }
    expect(single).toMatchObject({ id: 5, error: RATE_LIMITED })
    expect(client.readyState).toBe(WebSocket.OPEN)
    expect(single.error.data.retryAfterMs).toBe(1000)
    clock += single.error.data.retryAfterMs
    expect(await request(client, echo(6))).toEqual({ jsonrpc: '2.0', id: 6, result: [6] })
    client.close()
  })
})

test('config rateLimit reaches every network, one bucket per key across them; off by default', async () => {
  const networks = [
    { name: 'a', chainId: 31337, port: 0 },
    { name: 'b', chainId: 31338, port: 0 },
  ]
  // A token every 1,000 seconds: the third request is refused however slowly the machine answers the first two.
  const limited: RunningServer = await startServer(parseConfig({ rateLimit: { requestsPerSecond: 0.001, burst: 2 }, networks }), { port: 0 })
  const open: RunningServer = await startServer(parseConfig({ networks: [networks[0]] }), { port: 0 })
  try {
    const [a, b] = limited.networks.map((network) => `${network.httpUrl}/v3/shared-key`) as [string, string]
    const chainId = { jsonrpc: '2.0', id: 1, method: 'eth_chainId' }
    expect((await post(a, chainId)).status).toBe(200)
    expect((await post(b, chainId)).status).toBe(200)
    const refused = await post(a, chainId)
    expect(refused.status).toBe(429)
    expect(await refused.json()).toMatchObject({ id: 1, error: RATE_LIMITED })
    const openUrl = `${open.networks[0]!.httpUrl}/v3/shared-key`
    const statuses = await Promise.all(Array.from({ length: 20 }, () => post(openUrl, chainId).then((r) => r.status)))
    expectEach(statuses, (status, label) => expect(status, label).toBe(200))
  } finally {
    await limited.close()
    await open.close()
  }
})

test('config: burst defaults to one second of requests; a bad rate is refused by name', () => {
  expect(parseConfig({ rateLimit: { requestsPerSecond: 2.5 }, networks: [{ name: 'a', chainId: 1 }] }).rateLimit).toEqual({
    requestsPerSecond: 2.5,
    burst: 3,
  })
  expect(() => parseConfig({ rateLimit: { requestsPerSecond: 0 }, networks: [{ name: 'a', chainId: 1 }] })).toThrow(/rateLimit\.requestsPerSecond/)
})
