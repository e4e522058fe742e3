import { request as httpRequest } from 'node:http'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { WebSocket } from 'ws'
import { formatBanner } from '../../src/banner.ts'
import { parseConfig } from '../../src/config/loadConfig.ts'
import { startServer } from '../../src/server.ts'
import { serveOneNetwork } from '../helpers/servedProcess.ts'
import { createBrowserAccess } from '../../src/transports/browserAccess.ts'
import { createRateLimiter } from '../../src/transports/rateLimit.ts'
import { startTestServer, type TestServer } from './testServer.ts'

/**
 * What browsers may do, over real sockets: CORS preflights and headers on every answer, the Host check that
 * stops DNS rebinding, and the Origin of WebSocket upgrades.
 */

const echo = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'echo', params: ['hi'] })

interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

/** One HTTP request with exactly the headers given (Host and Origin included), on a fresh connection. */
function send(url: string, options: { method?: string; headers?: Record<string, string>; body?: string }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: options.method ?? 'POST', headers: options.headers ?? {}, agent: false }, (response) => {
      let body = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => (body += chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }))
    })
    req.on('error', reject)
    req.end(options.body)
  })
}

const post = (url: string, headers: Record<string, string> = {}, body = echo) =>
  send(url, { headers: { 'content-type': 'application/json', ...headers }, body })

const preflight = (url: string, origin: string, requestHeaders = 'content-type') =>
  send(url, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': requestHeaders } })

/** The status of a WebSocket upgrade: 101 when it opens, else the refusal's status. */
function upgrade(url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve) => {
    const client = new WebSocket(url, { headers })
    client.once('open', () => {
      client.close()
      resolve(101)
    })
    client.once('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0)
      response.resume()
    })
    client.once('error', () => undefined)
  })
}

describe('CORS, default: any origin (as Anvil)', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ bodyLimit: 1024, rateLimiter: createRateLimiter({ requestsPerSecond: 1, burst: 2 }) })
  })
  afterAll(() => server.close())

  test('a preflight → 204 with the methods, the asked headers and a max age', async () => {
    const answer = await preflight(`${server.httpUrl}/v3/key`, 'http://localhost:3000', 'content-type, x-client-version')
    expect(answer.status).toBe(204)
    expect(answer.headers).toMatchObject({
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'POST, OPTIONS',
      'access-control-allow-headers': 'content-type, x-client-version',
      'access-control-max-age': '600',
    })
    expect(answer.body).toBe('')
  })

  test('a preflight on / and with a malformed header list → content-type only', async () => {
    const answer = await preflight(`${server.httpUrl}/`, 'http://localhost:3000', 'content-type, (bad)')
    expect(answer.status).toBe(204)
    expect(answer.headers['access-control-allow-headers']).toBe('content-type')
  })

  test('answers carry the allow-origin header: results, and 413 and 429 refusals', async () => {
    const origin = { origin: 'http://localhost:3000' }
    const ok = await post(`${server.httpUrl}/v3/cors-ok`, origin)
    expect(ok.status).toBe(200)
    expect(ok.headers['access-control-allow-origin']).toBe('*')
    expect(ok.headers['access-control-expose-headers']).toBe('retry-after')
    const tooLarge = await post(`${server.httpUrl}/v3/cors-413`, origin, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'echo', params: ['x'.repeat(2000)] }))
    expect(tooLarge.status).toBe(413)
    expect(tooLarge.headers['access-control-allow-origin']).toBe('*')
    let limited: Answer | undefined
    for (let i = 0; i < 5 && limited?.status !== 429; i++) limited = await post(`${server.httpUrl}/v3/cors-429`, origin)
    expect(limited?.status).toBe(429)
    expect(limited?.headers['access-control-allow-origin']).toBe('*')
    expect(limited?.headers['retry-after']).toBeDefined()
  })

  test('an OPTIONS that is not a preflight is still 405', async () => {
    expect((await send(`${server.httpUrl}/v3/key`, { method: 'OPTIONS' })).status).toBe(405)
  })
})

describe('CORS with a list of origins, and per API key', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({
      apiKeys: ['open', 'app'],
      access: createBrowserAccess({
        host: '127.0.0.1',
        cors: ['http://localhost:3000'],
        keyOrigins: new Map([['app', ['https://app.example']]]),
      }),
    })
  })
  afterAll(() => server.close())

  test('a listed origin gets itself back, with Vary: Origin', async () => {
    const answer = await post(`${server.httpUrl}/v3/open`, { origin: 'http://localhost:3000' })
    expect(answer.status).toBe(200)
    expect(answer.headers['access-control-allow-origin']).toBe('http://localhost:3000')
    expect(answer.headers['vary']).toBe('Origin')
  })

  test('another origin → 403 with a JSON-RPC error body, preflight and request alike', async () => {
    for (const answer of [
      await preflight(`${server.httpUrl}/v3/open`, 'http://evil.example'),
      await post(`${server.httpUrl}/v3/open`, { origin: 'http://evil.example' }),
    ]) {
      expect(answer.status).toBe(403)
      expect(answer.headers['access-control-allow-origin']).toBeUndefined()
      expect(JSON.parse(answer.body)).toMatchObject({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32002, message: expect.stringMatching(/origin http:\/\/evil.example is not allowed.*--cors/) },
      })
    }
  })

  test('a key with its own origins admits those only', async () => {
    const own = await post(`${server.httpUrl}/v3/app`, { origin: 'https://app.example' })
    expect(own.status).toBe(200)
    expect(own.headers['access-control-allow-origin']).toBe('https://app.example')
    const global = await post(`${server.httpUrl}/v3/app`, { origin: 'http://localhost:3000' })
    expect(global.status).toBe(403)
    expect(JSON.parse(global.body)).toMatchObject({ error: { code: -32002, message: 'origin http://localhost:3000 is not allowed for this API key' } })
  })

  test('a 401 for an unknown key carries the allow-origin header too', async () => {
    const answer = await post(`${server.httpUrl}/v3/unknown`, { origin: 'http://localhost:3000' })
    expect(answer.status).toBe(401)
    expect(answer.headers['access-control-allow-origin']).toBe('http://localhost:3000')
  })

  test('no Origin (curl, Node, any non-browser client) is always served', async () => {
    expect((await post(`${server.httpUrl}/v3/app`)).status).toBe(200)
  })
})

describe('CORS off', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ access: createBrowserAccess({ host: '127.0.0.1', cors: false }) })
  })
  afterAll(() => server.close())

  test('any other origin → 403; the same origin (a page chainsim serves) → served, with no CORS header', async () => {
    expect((await post(`${server.httpUrl}/v3/k`, { origin: 'http://localhost:3000' })).status).toBe(403)
    const same = await post(`${server.httpUrl}/v3/k`, { origin: server.httpUrl })
    expect(same.status).toBe(200)
    expect(same.headers['access-control-allow-origin']).toBeUndefined()
  })
})

describe('the Host check (DNS rebinding)', () => {
  let server: TestServer
  let listed: TestServer
  beforeAll(async () => {
    server = await startTestServer()
    listed = await startTestServer({ access: createBrowserAccess({ host: '127.0.0.1', allowedHosts: ['devbox.local'] }) })
  })
  afterAll(async () => {
    await server.close()
    await listed.close()
  })

  test('a foreign Host → 403 with a body that says how to allow it, on every path', async () => {
    for (const path of ['/v3/k', '/', '/nothing-here']) {
      const answer = await post(`${server.httpUrl}${path}`, { host: `rebound.example:${server.port}` })
      expect(answer.status).toBe(403)
      expect(JSON.parse(answer.body)).toMatchObject({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: expect.stringMatching(/^host not allowed: rebound\.example:\d+; .*--allowed-hosts/) },
      })
    }
  })

  test('loopback names with any port pass', async () => {
    for (const host of [`localhost:${server.port}`, `127.0.0.1:${server.port}`, '[::1]:8545', 'LOCALHOST']) {
      expect((await post(`${server.httpUrl}/v3/k`, { host })).status).toBe(200)
    }
  })

  test('allowedHosts adds to the loopback names; other names still get 403', async () => {
    expect((await post(`${listed.httpUrl}/v3/k`, { host: 'devbox.local:8545' })).status).toBe(200)
    expect((await post(`${listed.httpUrl}/v3/k`, { host: 'localhost:8545' })).status).toBe(200)
    expect((await post(`${listed.httpUrl}/v3/k`, { host: `127.0.0.1:${listed.port}` })).status).toBe(200)
    expect((await post(`${listed.httpUrl}/v3/k`, { host: 'rebound.example' })).status).toBe(403)
  })

  test('IP literals pass, as in geth: DNS rebinding needs a name', async () => {
    for (const host of ['127.0.0.2', '0.0.0.0:8545', '[fe80::1]:8545', '192.168.1.20']) {
      expect((await post(`${server.httpUrl}/v3/k`, { host })).status).toBe(200)
    }
  })

  test('bound to a non-loopback address, the check is off unless hosts are listed', () => {
    const open = createBrowserAccess({ host: '0.0.0.0' })
    expect(open.allowedHosts).toBe('*')
    expect(open.openBecauseBound).toBe(true)
    expect(open.hostRefusal('anything.example')).toBeUndefined()
    const restricted = createBrowserAccess({ host: '0.0.0.0', allowedHosts: ['devbox.local'] })
    expect(restricted.openBecauseBound).toBe(false)
    expect(restricted.hostRefusal('anything.example')).toMatch(/host not allowed/)
    expect(createBrowserAccess({ host: '127.0.0.1', allowedHosts: '*' }).hostRefusal('x.example')).toBeUndefined()
  })

  test('the banner of a server bound to a non-loopback address says the check is off; on loopback it says nothing', async () => {
    for (const host of ['0.0.0.0', '127.0.0.1']) {
      const served = await startServer(parseConfig({ host, networks: [{ name: 'dev', chainId: 31337 }] }), { port: 0 })
      try {
        expect(formatBanner(served, { apiKeys: [] }).includes('Bound to a non-loopback address: requests for any Host name are answered')).toBe(
          host === '0.0.0.0',
        )
      } finally {
        await served.close()
      }
    }
  })
})

describe('WebSocket upgrades', () => {
  let server: TestServer
  let off: TestServer
  beforeAll(async () => {
    server = await startTestServer({ access: createBrowserAccess({ host: '127.0.0.1', cors: ['http://localhost:3000'] }) })
    off = await startTestServer({ access: createBrowserAccess({ host: '127.0.0.1', cors: false }) })
  })
  afterAll(async () => {
    await server.close()
    await off.close()
  })

  test('no Origin, a listed origin and the same origin open; another origin and a foreign Host are refused with 403', async () => {
    const url = `${server.wsUrl}/ws/v3/k`
    expect(await upgrade(url)).toBe(101)
    expect(await upgrade(url, { origin: 'http://localhost:3000' })).toBe(101)
    expect(await upgrade(url, { origin: server.httpUrl })).toBe(101)
    expect(await upgrade(url, { origin: 'http://evil.example' })).toBe(403)
    expect(await upgrade(url, { host: 'rebound.example' })).toBe(403)
  })

  test('with CORS off, only pages of the same origin', async () => {
    const url = `${off.wsUrl}/ws/v3/k`
    expect(await upgrade(url, { origin: 'http://localhost:3000' })).toBe(403)
    expect(await upgrade(url, { origin: off.httpUrl })).toBe(101)
  })
})

describe('config', () => {
  const network = { name: 'dev', chainId: 31337 }

  test('cors is "*" by default; a list of origins or false; keys may carry their origins', () => {
    expect(parseConfig({ networks: [network] }).cors).toBe('*')
    expect(parseConfig({ networks: [network], cors: false }).cors).toBe(false)
    const config = parseConfig({ networks: [network], cors: ['http://localhost:3000'], apiKeys: ['k1', { key: 'k2', origins: ['https://app.example'] }] })
    expect(config.cors).toEqual(['http://localhost:3000'])
    expect(config.apiKeys).toEqual(['k1', { key: 'k2', origins: ['https://app.example'] }])
  })

  test('a bad origin, host list or key entry is refused by name', () => {
    expect(() => parseConfig({ networks: [network], cors: ['localhost:3000/app'] })).toThrow(/cors\.0: "localhost:3000\/app" is not an origin/)
    expect(() => parseConfig({ networks: [network], allowedHosts: 'any' })).toThrow(/allowedHosts/)
    expect(() => parseConfig({ networks: [network], apiKeys: [{ key: 'k', origins: [] }] })).toThrow(/apiKeys\.0/)
  })
})

describe('the command line: --cors, --no-cors, --allowed-hosts', () => {
  test('a listed origin and host pass, others get 403; --no-cors refuses every other origin', async () => {
    const listed = await serveOneNetwork({}, ['--cors', 'http://localhost:3000', '--allowed-hosts', 'devbox.local'])
    const off = await serveOneNetwork({}, ['--no-cors'])
    try {
      const allowed = await post(listed.url, { origin: 'http://localhost:3000' })
      expect([allowed.status, allowed.headers['access-control-allow-origin']]).toEqual([200, 'http://localhost:3000'])
      expect((await post(listed.url, { origin: 'http://evil.example' })).status).toBe(403)
      expect((await post(listed.url, { host: 'devbox.local:8545' })).status).toBe(200)
      expect((await post(listed.url, { host: 'other.example' })).status).toBe(403)
      expect((await post(off.url, { origin: 'http://localhost:3000' })).status).toBe(403)
      expect((await post(off.url)).status).toBe(200)
    } finally {
      await Promise.all([listed.stop(), off.stop()])
    }
  })
})
