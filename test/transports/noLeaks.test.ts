import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { DEFAULT_CONFIG } from '../../src/config/defaults.ts'
import { parseConfig } from '../../src/config/loadConfig.ts'
import { createDispatcher, type Dispatcher } from '../../src/rpc/dispatcher.ts'
import type { RpcMethodTable } from '../../src/rpc/rpcMethod.ts'
import { startServer } from '../../src/server.ts'
import { startNetworkServer, type NetworkServer } from '../../src/transports/networkServer.ts'
import { openClient, request } from './testServer.ts'

// Internal faults reach the wire as -32603 "internal error" and nothing more: no stack trace, no file
// path, no message of the cause; the cause is logged. And the server binds 127.0.0.1 unless told otherwise.

const SECRET_PATH = '/work/main/src/secret/internals.ts:12:7'

/** Methods that fail the ways real code fails, each carrying a path or a stack the wire must not show. */
const failing: RpcMethodTable = {
  typeError: () => {
    throw new TypeError(`Cannot read properties of undefined (reading 'x') at ${SECRET_PATH}`)
  },
  asyncRejection: async () => {
    await Promise.resolve()
    throw new RangeError(`offset out of range in ${SECRET_PATH}`)
  },
  throwsString: () => {
    throw `raw string thrown from ${SECRET_PATH}`
  },
  throwsObjectWithStack: () => {
    throw { message: 'not an Error', stack: `Error\n    at handler (${SECRET_PATH})` }
  },
  bigintResult: () => ({ balance: 1n }),
  circularResult: () => {
    const node: Record<string, unknown> = {}
    node['self'] = node
    return node
  },
  toJSONThrows: () => ({
    toJSON() {
      throw new Error(`serialiser failed at ${SECRET_PATH}`)
    },
  }),
}

const METHODS = Object.keys(failing)
const INTERNAL = { code: -32603, message: 'internal error' }

/** No stack frame, no path, nothing of the cause's message. */
function expectClean(text: string): void {
  expect(text).not.toMatch(/secret|internals|\/work\/|\.ts\b|\bat\s|TypeError|RangeError|serialiser|raw string/)
}

describe('internal errors through a real server', () => {
  let server: NetworkServer
  const logged: unknown[] = []
  beforeAll(async () => {
    server = await startNetworkServer({ port: 0, dispatcher: createDispatcher(failing, { logger: { error: (obj) => logged.push(obj) } }) })
  })
  afterAll(() => server.close())

  test.each(METHODS)('HTTP: %s → 200 with -32603 "internal error" only; the cause is logged', async (method) => {
    const before = logged.length
    const response = await fetch(`${server.httpUrl}/v3/key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 7, method }),
    })
    const text = await response.text()
    expect(response.status).toBe(200)
    expect(JSON.parse(text)).toEqual({ jsonrpc: '2.0', id: 7, error: INTERNAL })
    expectClean(text)
    expect(logged.length).toBe(before + 1)
  })

  test('HTTP batch: each failure is its own -32603, the rest answered', async () => {
    const batch = METHODS.map((method, id) => ({ jsonrpc: '2.0', id, method }))
    const text = await (
      await fetch(`${server.httpUrl}/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(batch) })
    ).text()
    expect(JSON.parse(text)).toEqual(METHODS.map((_, id) => ({ jsonrpc: '2.0', id, error: INTERNAL })))
    expectClean(text)
  })

  test('WebSocket: every failure → -32603 "internal error" only, and the connection stays up', async () => {
    const client = await openClient(`${server.wsUrl}/ws/v3/key`)
    for (const [id, method] of METHODS.entries()) {
      const answer = await request(client, { jsonrpc: '2.0', id, method })
      expect(answer).toEqual({ jsonrpc: '2.0', id, error: INTERNAL })
      expectClean(JSON.stringify(answer))
    }
    client.close()
  })
})

describe('a fault in the transport itself', () => {
  // A dispatcher stand-in that fails: the real one does not throw, so only a stand-in reaches the
  // transports' own fallbacks.
  const broken: Dispatcher = {
    handle: () => Promise.reject(new TypeError(`dispatcher broke at ${SECRET_PATH}`)),
    dispatch: () => Promise.reject(new TypeError(`dispatcher broke at ${SECRET_PATH}`)),
    handleText: () => Promise.reject(new TypeError(`dispatcher broke at ${SECRET_PATH}`)),
    handleMessage: () => Promise.reject(new TypeError(`dispatcher broke at ${SECRET_PATH}`)),
  }
  let server: NetworkServer
  beforeAll(async () => {
    server = await startNetworkServer({ port: 0, dispatcher: broken })
  })
  afterAll(() => server.close())

  test('HTTP → 500 with a JSON-RPC -32603 body and nothing of the cause', async () => {
    const response = await fetch(`${server.httpUrl}/v3/key`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
    const text = await response.text()
    expect(response.status).toBe(500)
    expect(JSON.parse(text)).toEqual({ jsonrpc: '2.0', id: null, error: INTERNAL })
    expectClean(text)
  })

  test('WebSocket → a -32603 answer with id null, not silence', async () => {
    const client = await openClient(`${server.wsUrl}/ws/v3/key`)
    const answer = await request(client, { jsonrpc: '2.0', id: 1, method: 'anything' })
    expect(answer).toEqual({ jsonrpc: '2.0', id: null, error: INTERNAL })
    expectClean(JSON.stringify(answer))
    client.close()
  })
})

describe('binding', () => {
  test('startNetworkServer binds 127.0.0.1 unless told otherwise', async () => {
    const server = await startNetworkServer({ port: 0, dispatcher: createDispatcher({}) })
    try {
      expect(server.httpUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      expect(server.wsUrl).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/)
    } finally {
      await server.close()
    }
  })

  test('a config with no host, and the embedded default, bind 127.0.0.1', async () => {
    expect(DEFAULT_CONFIG.host).toBe('127.0.0.1')
    const config = parseConfig({ networks: [{ name: 'dev', chainId: 31337, port: 0 }] })
    expect(config.host).toBe('127.0.0.1')
    const running = await startServer(config, { port: 0 })
    try {
      expect(running.networks[0]!.httpUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    } finally {
      await running.close()
    }
  })
})
