import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { WebSocket } from 'ws'
import { closed, nextMessage, openClient, request, startTestServer, until, type TestServer } from './testServer.ts'

/** Resolves with the HTTP status and body of a refused upgrade. */
function refusedUpgrade(url: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const client = new WebSocket(url)
    client.once('open', () => reject(new Error('upgrade was accepted')))
    client.once('error', () => undefined)
    client.once('unexpected-response', (_request, response) => {
      let body = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => (body += chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(body) }))
    })
  })
}

describe('no API keys configured', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ wsMaxPayload: 1024, wsMaxBuffered: 64 * 1024 })
  })
  afterAll(() => server.close())

  test('request over /ws/v3/<key> → response', async () => {
    const client = await openClient(`${server.wsUrl}/ws/v3/anykey`)
    expect(await request(client, { jsonrpc: '2.0', id: 1, method: 'echo', params: [1] })).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: [1],
    })
    client.close()
  })

  test('/ serves too', async () => {
    const client = await openClient(`${server.wsUrl}/`)
    expect(await request(client, { jsonrpc: '2.0', id: 2, method: 'echo' })).toMatchObject({ id: 2, result: [] })
    client.close()
  })

  test('methods see the ws transport and a connection', async () => {
    const client = await openClient(`${server.wsUrl}/ws/v3/k`)
    expect(await request(client, { jsonrpc: '2.0', id: 1, method: 'transport' })).toMatchObject({
      result: { transport: 'ws', hasConnection: true },
    })
    client.close()
  })

  test('batch → one message with answers in order', async () => {
    const client = await openClient(`${server.wsUrl}/ws/v3/k`)
    const answer = await request(client, [
      { jsonrpc: '2.0', id: 1, method: 'echo', params: ['a'] },
      { jsonrpc: '2.0', id: 2, method: 'echo', params: ['b'] },
    ])
    expect(answer).toEqual([
      { jsonrpc: '2.0', id: 1, result: ['a'] },
      { jsonrpc: '2.0', id: 2, result: ['b'] },
    ])
    client.close()
  })

  test('a pre-written JSON result goes out as a text frame, alone or in a batch', async () => {
    const client = await openClient(`${server.wsUrl}/ws/v3/k`)
    const frame = new Promise<{ text: string; isBinary: boolean }>((resolve) =>
      client.once('message', (data, isBinary) => resolve({ text: String(data), isBinary })),
    )
    client.send(JSON.stringify({ jsonrpc: '2.0', id: 'é'.repeat(40), method: 'raw', params: [1, 'x'] }))
    const { text, isBinary } = await frame
    expect(isBinary).toBe(false)
    expect(JSON.parse(text)).toEqual({ jsonrpc: '2.0', id: 'é'.repeat(40), result: [1, 'x'] })
    expect(
      await request(client, [
        { jsonrpc: '2.0', id: 1, method: 'raw', params: ['a'] },
        { jsonrpc: '2.0', id: 2, method: 'echo', params: ['b'] },
      ]),
    ).toEqual([
      { jsonrpc: '2.0', id: 1, result: ['a'] },
      { jsonrpc: '2.0', id: 2, result: ['b'] },
    ])
    client.close()
  })

  test('bad JSON → -32700 and the connection stays up', async () => {
    const client = await openClient(`${server.wsUrl}/ws/v3/k`)
    expect(await request(client, '{nope')).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'parse error' } })
    expect(await request(client, { jsonrpc: '2.0', id: 3, method: 'echo' })).toMatchObject({ id: 3, result: [] })
    expect(client.readyState).toBe(WebSocket.OPEN)
    client.close()
  })

  test('binary message holding UTF-8 JSON is answered as text', async () => {
    const client = await openClient(`${server.wsUrl}/ws/v3/k`)
    const answer = nextMessage(client)
    client.send(Buffer.from(JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'echo', params: ['é'] })), { binary: true })
    expect(await answer).toEqual({ jsonrpc: '2.0', id: 4, result: ['é'] })
    client.close()
  })

  test('binary message that is not UTF-8 → -32700', async () => {
    const client = await openClient(`${server.wsUrl}/ws/v3/k`)
    const answer = nextMessage(client)
    client.send(Buffer.from([0xff, 0xfe, 0x7b]), { binary: true })
    expect(await answer).toMatchObject({ id: null, error: { code: -32700 } })
    client.close()
  })

  test('notification → no response', async () => {
    const client = await openClient(`${server.wsUrl}/ws/v3/k`)
    client.send(JSON.stringify({ jsonrpc: '2.0', method: 'echo', params: ['ignored'] }))
    expect(await request(client, { jsonrpc: '2.0', id: 5, method: 'echo', params: ['answered'] })).toMatchObject({
      id: 5,
      result: ['answered'],
    })
    client.close()
  })

  test('RpcConnection.notify reaches the client', async () => {
    const client = await openClient(`${server.wsUrl}/ws/v3/k`)
    const messages: unknown[] = []
    client.on('message', (data) => messages.push(JSON.parse(String(data))))
    client.send(JSON.stringify({ jsonrpc: '2.0', id: 6, method: 'notifyMe', params: ['hello'] }))
    await until(() => messages.length === 2)
    expect(messages[0]).toEqual({ jsonrpc: '2.0', method: 'test_notification', params: { payload: 'hello' } })
    expect(messages[1]).toMatchObject({ id: 6, result: expect.any(Number) })
    client.close()
  })

  test('onClose listeners run when the client disconnects', async () => {
    const client = await openClient(`${server.wsUrl}/ws/v3/k`)
    const answer = (await request(client, { jsonrpc: '2.0', id: 1, method: 'watchClose' })) as { result: number }
    expect(server.closedConnections).not.toContain(answer.result)
    client.close()
    await until(() => server.closedConnections.includes(answer.result))
  })

  test('message over the limit → close 1009', async () => {
    const client = await openClient(`${server.wsUrl}/ws/v3/k`)
    const closing = closed(client)
    client.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'echo', params: ['x'.repeat(2000)] }))
    expect((await closing).code).toBe(1009)
  })

  test('client that falls behind past the buffer limit → close 1008', async () => {
    const client = await openClient(`${server.wsUrl}/ws/v3/k`)
    const watched = (await request(client, { jsonrpc: '2.0', id: 1, method: 'watchClose' })) as { result: number }
    // The client stops reading, so the server's unsent data piles up past wsMaxBuffered.
    client.pause()
    client.send(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'flood', params: [400, 64 * 1024] }))
    await until(() => server.closedConnections.includes(watched.result))
    const closing = closed(client)
    client.resume()
    expect((await closing).code).toBe(1008)
  })

  test('unknown path → upgrade refused with 404', async () => {
    const refused = await refusedUpgrade(`${server.wsUrl}/v3/k`)
    expect(refused.status).toBe(404)
    expect(refused.body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } })
  })

  test('empty key → upgrade refused with 401', async () => {
    expect((await refusedUpgrade(`${server.wsUrl}/ws/v3/`)).status).toBe(401)
  })
})

describe('API keys configured', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ apiKeys: ['good-key'] })
  })
  afterAll(() => server.close())

  test('a configured key → connection serves', async () => {
    const client = await openClient(`${server.wsUrl}/ws/v3/good-key`)
    expect(await request(client, { jsonrpc: '2.0', id: 1, method: 'echo' })).toMatchObject({ result: [] })
    client.close()
  })

  test('unknown key → upgrade refused with 401 and a JSON-RPC error body', async () => {
    const refused = await refusedUpgrade(`${server.wsUrl}/ws/v3/bad-key`)
    expect(refused.status).toBe(401)
    expect(refused.body).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32002, message: 'invalid project id' } })
  })

  test('/ → upgrade refused with 401', async () => {
    expect((await refusedUpgrade(`${server.wsUrl}/`)).status).toBe(401)
  })
})

test('close() closes clients with 1001', async () => {
  const server = await startTestServer()
  const client = await openClient(`${server.wsUrl}/ws/v3/k`)
  const closing = closed(client)
  await server.close()
  expect((await closing).code).toBe(1001)
})
