import fc from 'fast-check'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { WebSocket } from 'ws'
import { startNetworkServer, type NetworkServer } from '../../src/transports/networkServer.ts'
import { createFuzzChain, type FuzzChain } from './fuzzChain.ts'
import { fuzzParameters, fuzzTimeout } from './fuzzSettings.ts'
import { expectAnswerToMessage, messageArbitrary } from './messages.ts'
import { validShapes } from './methodShapes.ts'
import { causeMessage, depthOf, expectNoLeak, expectedReply, MAX_DEPTH } from './wellFormed.ts'

// The same fuzzing over real sockets: JSON-RPC messages over HTTP and WebSocket, and arbitrary HTTP
// requests (any method, path, content type and body) at a real server. Fewer cases: each is a round trip.
const RUNS = 120
const BODY_LIMIT = 256 * 1024

let chain: FuzzChain
let server: NetworkServer
let message: fc.Arbitrary<unknown>

beforeAll(async () => {
  chain = await createFuzzChain()
  message = messageArbitrary(validShapes(chain.samples))
  server = await startNetworkServer({ port: 0, dispatcher: chain.dispatcher, bodyLimit: BODY_LIMIT })
}, 60_000)
afterAll(async () => {
  await server?.close()
  await chain?.close()
})

async function restoreManualMining(): Promise<void> {
  await chain.node.settings.setIntervalMining(0)
  await chain.node.settings.setAutomine(false)
}

/** Whether a message gets any answer at all. */
function isAnswered(body: unknown): boolean {
  if (depthOf(body) > MAX_DEPTH || !Array.isArray(body)) return depthOf(body) > MAX_DEPTH || expectedReply(body).answered
  return body.length === 0 || body.length > 1000 || body.some((request) => expectedReply(request).answered)
}

test(
  'HTTP: any message → 200 with the answers it deserves, or 204 when nothing is answered',
  async () => {
    const property = fc
      .asyncProperty(message, async (body) => {
        const text = JSON.stringify(body)
        const loggedBefore = chain.logged.length
        const response = await fetch(`${server.httpUrl}/v3/fuzz`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: text })
        const answer = await response.text()
        if (Buffer.byteLength(text) > BODY_LIMIT) {
          expect(response.status).toBe(413)
          expectNoLeak(answer)
          return
        }
        expect(response.status).toBe(isAnswered(body) ? 200 : 204)
        expectNoLeak(answer)
        const causes = chain.logged.slice(loggedBefore).map(causeMessage)
        // What the server saw: JSON drops the sign of -0.
        expectAnswerToMessage(JSON.parse(text), answer === '' ? undefined : JSON.parse(answer), causes)
      })
      .afterEach(restoreManualMining)
    await fc.assert(property, fuzzParameters(RUNS))
  },
  fuzzTimeout(RUNS),
)

const HTTP_STATUSES = new Set([200, 204, 400, 401, 404, 405, 413, 415])
const WIRE_CODES = new Set([-32700, -32600, -32601, -32602, -32000, -32002, -32005, 3])

test(
  'HTTP: any method, path, content type and body → an allowed status and a JSON-RPC body free of internals',
  async () => {
    const request = fc.record({
      method: fc.constantFrom('POST', 'POST', 'POST', 'GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'),
      path: fc.constantFrom('/v3/k', '/', '/v3/', '/v3', '/v3/k/extra', '/ws/v3/k', '/v2/k', '/%zz', '/v3/%E0%A4%A', '/v3/k?x=1', '/v3/😀'),
      contentType: fc.constantFrom(
        'application/json',
        'application/json; charset=utf-8',
        'APPLICATION/JSON',
        'text/plain',
        'application/json-rpc',
        'multipart/form-data',
        undefined,
      ),
      body: fc.oneof(
        message.map((m) => JSON.stringify(m)),
        fc.string({ unit: 'binary', maxLength: 60 }),
        fc.uint8Array({ maxLength: 60 }),
      ),
    })
    const property = fc
      .asyncProperty(request, async ({ method, path, contentType, body }) => {
        const bodyless = method === 'GET' || method === 'HEAD'
        const response = await fetch(`${server.httpUrl}${path}`, {
          method,
          headers: contentType === undefined ? {} : { 'content-type': contentType },
          body: bodyless ? undefined : body,
        })
        const text = await response.text()
        expect(HTTP_STATUSES.has(response.status), `status ${response.status} for ${method} ${path}`).toBe(true)
        expectNoLeak(text)
        if (text === '') {
          // Only a notification's 204 and any answer to HEAD have no body.
          expect(response.status === 204 || method === 'HEAD', `empty body with status ${response.status}`).toBe(true)
          return
        }
        const parsed: unknown = JSON.parse(text)
        for (const answer of Array.isArray(parsed) ? parsed : [parsed]) {
          const fields = answer as { jsonrpc: string; error?: { code: number; message: string } }
          expect(fields.jsonrpc).toBe('2.0')
          if (fields.error) expect(WIRE_CODES.has(fields.error.code), `code ${fields.error.code}: ${fields.error.message}`).toBe(true)
        }
      })
      .afterEach(restoreManualMining)
    await fc.assert(property, fuzzParameters(RUNS))
  },
  fuzzTimeout(RUNS),
)

test(
  'WebSocket: any answered message → the answers it deserves, over one connection that stays up',
  async () => {
    const client = new WebSocket(`${server.wsUrl}/ws/v3/fuzz`)
    await new Promise((resolve, reject) => client.once('open', resolve).once('error', reject))
    // Subscriptions made by fuzzed calls send notifications; only answers are checked here.
    const answers: unknown[] = []
    let arrived: (() => void) | undefined
    client.on('message', (data) => {
      const parsed = JSON.parse(String(data)) as { method?: string }
      // Notifications of eth_subscribe and sim_subscribe alike.
      if (parsed.method?.endsWith('_subscription')) return
      answers.push(parsed)
      arrived?.()
    })
    const nextAnswer = () =>
      new Promise<unknown>((resolve) => {
        if (answers.length > 0) return resolve(answers.shift())
        arrived = () => {
          arrived = undefined
          resolve(answers.shift())
        }
      })
    const property = fc
      .asyncProperty(message.filter(isAnswered), async (body) => {
        const loggedBefore = chain.logged.length
        const text = JSON.stringify(body)
        client.send(text)
        const answer = await nextAnswer()
        expectNoLeak(JSON.stringify(answer))
        expectAnswerToMessage(JSON.parse(text), answer, chain.logged.slice(loggedBefore).map(causeMessage))
      })
      .afterEach(restoreManualMining)
    await fc.assert(property, fuzzParameters(RUNS))
    expect(client.readyState).toBe(WebSocket.OPEN)
    client.close()
  },
  fuzzTimeout(RUNS),
)
