import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startTestServer, type TestServer } from './testServer.ts'

const JSON_HEADERS = { 'content-type': 'application/json' }

function post(url: string, body: string, headers: Record<string, string> = JSON_HEADERS) {
  return fetch(url, { method: 'POST', headers, body })
}

const echo = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'echo', params: ['hi'] })

describe('no API keys configured', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ bodyLimit: 1024 })
  })
  afterAll(() => server.close())

  test('POST /v3/<any key> → 200 with the JSON-RPC result', async () => {
    const response = await post(`${server.httpUrl}/v3/anykey`, echo)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    expect(await response.json()).toEqual({ jsonrpc: '2.0', id: 1, result: ['hi'] })
  })

  test('POST / serves too', async () => {
    const response = await post(`${server.httpUrl}/`, echo)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ jsonrpc: '2.0', id: 1, result: ['hi'] })
  })

  test('empty key → 401 with a JSON-RPC error body', async () => {
    const response = await post(`${server.httpUrl}/v3/`, echo)
    expect(response.status).toBe(401)
    expect(await response.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32002 } })
  })

  test('methods see the http transport and no connection', async () => {
    const response = await post(`${server.httpUrl}/v3/k`, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'transport' }))
    expect(await response.json()).toMatchObject({ result: { transport: 'http', hasConnection: false } })
  })

  test('batch → 200 with answers in order', async () => {
    const batch = [
      { jsonrpc: '2.0', id: 'a', method: 'echo', params: [1] },
      { jsonrpc: '2.0', method: 'echo', params: [2] },
      { jsonrpc: '2.0', id: 'c', method: 'nope' },
    ]
    const response = await post(`${server.httpUrl}/v3/k`, JSON.stringify(batch))
    expect(response.status).toBe(200)
    const answers = (await response.json()) as { id: string }[]
    expect(answers.map((answer) => answer.id)).toEqual(['a', 'c'])
    expect(answers[1]).toMatchObject({ error: { code: -32601 } })
  })

  test('a pre-written JSON result: spliced in place, or copied when its id outgrows the room', async () => {
    for (const id of [7, 'é'.repeat(100)]) {
      const response = await post(`${server.httpUrl}/v3/k`, JSON.stringify({ jsonrpc: '2.0', id, method: 'raw', params: [{ a: 1 }] }))
      expect(response.headers.get('content-type')).toMatch(/^application\/json/)
      expect(await response.json()).toEqual({ jsonrpc: '2.0', id, result: [{ a: 1 }] })
    }
    const batch = [
      { jsonrpc: '2.0', id: 1, method: 'raw', params: [1] },
      { jsonrpc: '2.0', id: 2, method: 'echo', params: [2] },
    ]
    const response = await post(`${server.httpUrl}/v3/k`, JSON.stringify(batch))
    expect(await response.json()).toEqual([
      { jsonrpc: '2.0', id: 1, result: [1] },
      { jsonrpc: '2.0', id: 2, result: [2] },
    ])
  })

  test('notification → 204 with an empty body', async () => {
    const response = await post(`${server.httpUrl}/v3/k`, JSON.stringify({ jsonrpc: '2.0', method: 'echo' }))
    expect(response.status).toBe(204)
    expect(await response.text()).toBe('')
  })

  test('batch of notifications only → 204', async () => {
    const batch = [
      { jsonrpc: '2.0', method: 'echo' },
      { jsonrpc: '2.0', method: 'boom' },
    ]
    const response = await post(`${server.httpUrl}/v3/k`, JSON.stringify(batch))
    expect(response.status).toBe(204)
    expect(await response.text()).toBe('')
  })

  test('bad JSON → 200 with -32700', async () => {
    const response = await post(`${server.httpUrl}/v3/k`, '{"jsonrpc":')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'parse error' } })
  })

  test('empty body → 200 with -32700', async () => {
    const response = await post(`${server.httpUrl}/v3/k`, '')
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ error: { code: -32700 } })
  })

  test('JSON-RPC errors travel with HTTP 200', async () => {
    const response = await post(`${server.httpUrl}/v3/k`, JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'fails' }))
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: { code: -32602, message: 'invalid argument 0: expected boolean' },
    })
  })

  test('a failing method → -32603 with no cause on the wire', async () => {
    const response = await post(`${server.httpUrl}/v3/k`, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'boom' }))
    const text = await response.text()
    expect(JSON.parse(text)).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32603, message: 'internal error' } })
    expect(text).not.toContain('secret')
    expect(server.logged.length).toBeGreaterThan(0)
  })

  test('Content-Type with a charset is accepted', async () => {
    const response = await post(`${server.httpUrl}/v3/k`, echo, { 'content-type': 'application/json; charset=utf-8' })
    expect(response.status).toBe(200)
  })

  test("geth's other JSON types are accepted: application/json-rpc, application/jsonrequest", async () => {
    for (const type of ['application/json-rpc', 'application/jsonrequest']) {
      const response = await post(`${server.httpUrl}/v3/k`, echo, { 'content-type': type })
      expect(response.status).toBe(200)
    }
  })

  test('an HTTP/1.1 request without Host is answered (geth lets it through)', async () => {
    const answer = await rawHttp(
      server.port,
      `POST /v3/k HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(echo)}\r\nConnection: close\r\n\r\n${echo}`,
    )
    expect(answer).toMatch(/^HTTP\/1\.1 200 /)
  })

  test('other Content-Type → 415 with a JSON-RPC error body', async () => {
    const response = await post(`${server.httpUrl}/v3/k`, echo, { 'content-type': 'text/plain' })
    expect(response.status).toBe(415)
    expect(await response.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } })
  })

  test('no Content-Type → 415', async () => {
    const response = await fetch(`${server.httpUrl}/v3/k`, { method: 'POST', body: new TextEncoder().encode(echo) })
    expect(response.status).toBe(415)
  })

  test('body over the limit → 413 with a JSON-RPC error body', async () => {
    const big = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'echo', params: ['x'.repeat(2000)] })
    const response = await post(`${server.httpUrl}/v3/k`, big)
    expect(response.status).toBe(413)
    expect(await response.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32005 } })
  })

  test('GET on the JSON-RPC path → 405 allowing POST', async () => {
    const response = await fetch(`${server.httpUrl}/v3/k`)
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('POST')
    expect(await response.json()).toMatchObject({ error: { code: -32600 } })
  })

  test('unknown path → 404 with a JSON body', async () => {
    const response = await post(`${server.httpUrl}/v2/k`, echo)
    expect(response.status).toBe(404)
    expect(await response.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } })
  })
})

describe('API keys configured', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ apiKeys: ['good-key', 'other-key'] })
  })
  afterAll(() => server.close())

  test('a configured key → 200', async () => {
    const response = await post(`${server.httpUrl}/v3/other-key`, echo)
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ result: ['hi'] })
  })

  test('unknown key → 401 with a JSON-RPC error body', async () => {
    const response = await post(`${server.httpUrl}/v3/bad-key`, echo)
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32002, message: 'invalid project id' },
    })
  })

  test('missing key → 401', async () => {
    const response = await post(`${server.httpUrl}/v3/`, echo)
    expect(response.status).toBe(401)
    expect(await response.json()).toMatchObject({ error: { code: -32002, message: 'project id required' } })
  })

  test('POST / → 401', async () => {
    const response = await post(`${server.httpUrl}/`, echo)
    expect(response.status).toBe(401)
  })

  test('the key is checked before the body: unknown key with a bad Content-Type → 401', async () => {
    const response = await post(`${server.httpUrl}/v3/bad-key`, echo, { 'content-type': 'text/plain' })
    expect(response.status).toBe(401)
  })
})

/** Sends `request` as written on a fresh socket and reads until the server closes it. */
function rawHttp(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(request))
    let answer = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => (answer += chunk))
    socket.on('close', () => resolve(answer))
    socket.on('error', reject)
  })
}
