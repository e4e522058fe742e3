import * as https from 'node:https'
import { generate } from 'selfsigned'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { openClient, request, startTestServer, type TestServer } from './testServer.ts'

let server: TestServer
let cert: string

beforeAll(async () => {
  // EC keys generate in milliseconds; the IP SAN lets clients verify the cert against 127.0.0.1.
  const pems = await generate([{ name: 'commonName', value: 'chainsim test' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  })
  cert = pems.cert
  server = await startTestServer({ tls: { cert: pems.cert, key: pems.private } })
})
afterAll(() => server.close())

/** POSTs over HTTPS trusting only the test cert. */
function postHttps(url: string, body: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = https.request(url, { method: 'POST', ca: cert, headers: { 'content-type': 'application/json' } }, (response) => {
      let text = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => (text += chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }))
    })
    outgoing.on('error', reject)
    outgoing.end(body)
  })
}

test('URLs are https and wss', () => {
  expect(server.httpUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/)
  expect(server.wsUrl).toMatch(/^wss:\/\/127\.0\.0\.1:\d+$/)
})

test('HTTPS request → 200 with the JSON-RPC result', async () => {
  const response = await postHttps(`${server.httpUrl}/v3/k`, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'echo', params: [1] }))
  expect(response.status).toBe(200)
  expect(JSON.parse(response.body)).toEqual({ jsonrpc: '2.0', id: 1, result: [1] })
})

test('WSS request → response', async () => {
  const client = await openClient(`${server.wsUrl}/ws/v3/k`, { ca: cert })
  expect(await request(client, { jsonrpc: '2.0', id: 2, method: 'echo', params: ['tls'] })).toEqual({
    jsonrpc: '2.0',
    id: 2,
    result: ['tls'],
  })
  client.close()
})

test('plain HTTP on the TLS port is not served', async () => {
  await expect(fetch(`${server.httpUrl.replace('https:', 'http:')}/v3/k`, { method: 'POST' })).rejects.toThrow()
})
