import { createServer } from 'node:http'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, test } from 'vitest'
import { UpstreamError, UpstreamUnanswered } from '../../src/fork/errors.ts'
import { UpstreamClient } from '../../src/fork/upstreamClient.ts'

// The upstream client against a loopback HTTP server scripted to fail as providers fail.
type Reply = (request: { body: any }, response: ServerResponse) => void

let server: Server | undefined
afterEach(async () => {
  await new Promise<void>((resolve) => {
    if (!server) return resolve()
    server.close(() => resolve())
    server.closeAllConnections()
  })
  server = undefined
})

/** A server answering its n-th request with `replies[n]` (the last one from then on). */
async function scripted(replies: Reply[]): Promise<{ url: URL; requests: () => number }> {
  let n = 0
  server = createServer(async (request: IncomingMessage, response) => {
    let text = ''
    for await (const chunk of request) text += chunk
    const reply = replies[Math.min(n++, replies.length - 1)] as Reply
    reply({ body: JSON.parse(text) }, response)
  })
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  return { url: new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v3/0123456789abcdef0123456789abcdef`), requests: () => n }
}

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Reply =>
  (_, response) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers })
    response.end(JSON.stringify(body))
  }
const answer =
  (result: unknown): Reply =>
  ({ body }, response) => {
    const one = (call: { id: number }) => ({ jsonrpc: '2.0', id: call.id, result })
    json(200, Array.isArray(body) ? body.map(one) : one(body))({ body }, response)
  }
const call = { method: 'eth_blockNumber', params: [] }

describe('the upstream client', () => {
  test('a batch goes in one round trip, answers in order', async () => {
    const { url, requests } = await scripted([answer('0x5')])
    const client = new UpstreamClient(url)
    expect(await client.send([call, call, call])).toEqual([{ result: '0x5' }, { result: '0x5' }, { result: '0x5' }])
    expect(requests()).toBe(1)
    expect(client.stats).toEqual({ roundTrips: 1, calls: 3 })
  })

  test('429, 503 and a rate-limit error are retried with backoff, then answered', async () => {
    const rateLimited: Reply = ({ body }, response) =>
      json(200, { jsonrpc: '2.0', id: body.id, error: { code: -32005, message: 'daily request count exceeded, request rate limited' } })({ body }, response)
    const { url, requests } = await scripted([json(429, {}, { 'retry-after': '0' }), json(503, {}), rateLimited, answer('0x7')])
    const client = new UpstreamClient(url, { retries: 3, backoffMs: 5 })
    expect(await client.send([call])).toEqual([{ result: '0x7' }])
    expect(requests()).toBe(4)
  })

  test('past the retries: an UpstreamError naming the upstream (key cut down), the method, the failure and the attempts', async () => {
    const { url, requests } = await scripted([json(503, {})])
    const failure = await new UpstreamClient(url, { retries: 2, backoffMs: 1 }).send([call]).catch((e: unknown) => e)
    expect(failure).toBeInstanceOf(UpstreamError)
    expect((failure as Error).message).toBe(`upstream http://${url.host}/v3/0123…: eth_blockNumber: HTTP 503 Service Unavailable (3 attempts)`)
    expect(requests()).toBe(3)
  })

  test('an upstream that does not answer in time is a timeout, retried', async () => {
    const { url, requests } = await scripted([() => {}])
    const failure = await new UpstreamClient(url, { retries: 1, backoffMs: 1, timeoutMs: 100 }).send([call]).catch((e: unknown) => e)
    expect((failure as Error).message).toMatch(/eth_blockNumber: no answer within 100 ms \(2 attempts\)$/)
    expect(requests()).toBe(2)
  })

  test('a hung upstream (accepts, never answers) fails within one deadline, retries and waits included', async () => {
    const { url, requests } = await scripted([() => {}])
    const started = performance.now()
    const failure = await new UpstreamClient(url, { deadlineMs: 400, retries: 10, backoffMs: 50 }).send([call]).catch((e: unknown) => e)
    const elapsed = performance.now() - started
    expect(failure).toBeInstanceOf(UpstreamError)
    expect(failure).toBeInstanceOf(UpstreamUnanswered)
    // Said once: the deadline is what ended it.
    expect((failure as Error).message).toMatch(/eth_blockNumber: no answer within the 400 ms deadline$/)
    // The first attempt takes the whole deadline: no retry could be answered in time.
    expect(requests()).toBe(1)
    expect(elapsed).toBeLessThan(1_500)
  })

  test('retries stop at the deadline: an upstream failing fast is retried only while an answer could still come in time', async () => {
    const { url, requests } = await scripted([json(503, {})])
    const failure = await new UpstreamClient(url, { deadlineMs: 300, retries: 10, backoffMs: 100 }).send([call]).catch((e: unknown) => e)
    // Waits of 100 and 200 ms fit in 300 ms only for the first retry.
    expect((failure as Error).message).toMatch(/HTTP 503 Service Unavailable; no answer within the 300 ms deadline \(2 attempts\)$/)
    expect(requests()).toBe(2)
  })

  test('an unreachable upstream names the system’s error', async () => {
    const { url } = await scripted([answer('0x1')])
    await new Promise<void>((resolve) => server!.close(() => resolve()))
    server = undefined
    const failure = await new UpstreamClient(url, { retries: 1, backoffMs: 1 }).send([call]).catch((e: unknown) => e)
    expect((failure as Error).message).toMatch(/eth_blockNumber: connect ECONNREFUSED 127\.0\.0\.1:\d+ \(2 attempts\)$/)
  })

  test('what cannot succeed is not retried: a 401, a body that is not JSON', async () => {
    for (const reply of [json(401, 'no'), ((_, res) => res.end('<html>oops</html>')) as Reply]) {
      const { url, requests } = await scripted([reply])
      const failure = await new UpstreamClient(url, { retries: 3, backoffMs: 1 }).send([call]).catch((e: unknown) => e)
      expect(failure).toBeInstanceOf(UpstreamError)
      expect(requests()).toBe(1)
      await new Promise<void>((resolve) => server!.close(() => resolve()))
      server = undefined
    }
  })

  test('a JSON-RPC error is an answer (the caller decides), also with a 4xx status', async () => {
    const error = { code: -32000, message: 'missing trie node' }
    const { url, requests } = await scripted([json(400, { jsonrpc: '2.0', id: 1, error })])
    expect(await new UpstreamClient(url, { retries: 3 }).send([call])).toEqual([{ error }])
    expect(requests()).toBe(1)
  })

  test('a Retry-After longer than 10 s is not waited for', async () => {
    const { url, requests } = await scripted([json(429, {}, { 'retry-after': '60' })])
    const failure = await new UpstreamClient(url, { retries: 3, backoffMs: 1 }).send([call]).catch((e: unknown) => e)
    expect((failure as Error).message).toMatch(/HTTP 429 Too Many Requests; it asks to wait 60 s$/)
    expect(requests()).toBe(1)
  })
})
