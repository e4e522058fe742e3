import { connect, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { WebSocket } from 'ws'
import { closed, openClient, request, startTestServer, until, type TestServer } from './testServer.ts'

// Idle connections time out, with small configured values; every wait is bounded by an event or the test
// timeout, never a fixed sleep.

/** A raw TCP connection to the server, collecting what it sends, and resolving `ended` when it closes. */
function rawConnection(port: number): Promise<{ socket: Socket; received: () => string; ended: Promise<void> }> {
  return new Promise((resolve, reject) => {
    let text = ''
    const socket = connect(port, '127.0.0.1')
    const ended = new Promise<void>((done) => socket.once('close', () => done()))
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => (text += chunk))
    socket.once('error', reject)
    socket.once('connect', () => resolve({ socket, received: () => text, ended }))
  })
}

const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'echo', params: ['hi'] })
const post = (extraHeaders = '') =>
  `POST /v3/key HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n${extraHeaders}\r\n${body}`

describe('WebSocket: idle timeout with ping/pong', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ wsIdleTimeoutMs: 300, wsPingIntervalMs: 50 })
  })
  afterAll(() => server.close())

  test('a client that answers no ping and sends nothing → closed 1001 "idle timeout", its close listeners run', async () => {
    const client = await openClient(`${server.wsUrl}/ws/v3/k`, { autoPong: false })
    const watched = (await request(client, { jsonrpc: '2.0', id: 1, method: 'watchClose' })) as { result: number }
    expect(await closed(client)).toEqual({ code: 1001, reason: 'idle timeout' })
    await until(() => server.closedConnections.includes(watched.result))
  })

  test('a quiet client that answers pings stays connected well past the idle timeout', async () => {
    const client = await openClient(`${server.wsUrl}/ws/v3/k`)
    let pings = 0
    client.on('ping', () => pings++)
    // 12 pings at 50 ms apart: at least 550 ms of silence from the client, nearly twice the idle timeout.
    await new Promise<void>((resolve) => client.on('ping', () => pings >= 12 && resolve()))
    expect(client.readyState).toBe(WebSocket.OPEN)
    expect(await request(client, { jsonrpc: '2.0', id: 2, method: 'echo', params: ['still here'] })).toMatchObject({ result: ['still here'] })
    client.close()
  })

  test('messages count as activity too: a client that never pongs but keeps asking stays connected', async () => {
    const client = await openClient(`${server.wsUrl}/ws/v3/k`, { autoPong: false })
    let pings = 0
    await new Promise<void>((resolve) =>
      client.on('ping', () => {
        client.send(JSON.stringify({ jsonrpc: '2.0', method: 'echo' }))
        if (++pings >= 12) resolve()
      }),
    )
    expect(client.readyState).toBe(WebSocket.OPEN)
    client.close()
  })
})

describe('HTTP: keep-alive and request timeouts', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ httpKeepAliveTimeoutMs: 200, httpRequestTimeoutMs: 300 })
  })
  afterAll(() => server.close())

  test('a keep-alive connection serves several requests, then is closed once idle', async () => {
    const { socket, received, ended } = await rawConnection(server.port)
    socket.write(post())
    await until(() => received().includes('"result":["hi"]'))
    socket.write(post())
    await until(() => received().split('"result":["hi"]').length === 3)
    // Closed by the server, not by us: the test times out if the idle connection is kept.
    await ended
    expect(socket.destroyed).toBe(true)
  })

  test('a request that stops arriving half-way → 408 with a JSON-RPC error body, and the connection is closed', async () => {
    const { socket, received, ended } = await rawConnection(server.port)
    socket.write('POST /v3/key HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"jsonrpc"')
    await ended
    const [head, payload] = received().split('\r\n\r\n') as [string, string]
    expect(head).toMatch(/^HTTP\/1\.1 408 Request Timeout/)
    expect(head).toMatch(/content-type: application\/json/i)
    expect(JSON.parse(payload)).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'request timeout: the request did not arrive in time' },
    })
  })
})
