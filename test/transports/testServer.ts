import { vi } from 'vitest'
import { WebSocket } from 'ws'
import { createDispatcher } from '../../src/rpc/dispatcher.ts'
import type { RpcMethodTable } from '../../src/rpc/rpcMethod.ts'
import { InvalidParamsError } from '../../src/errors.ts'
import { RawJson } from '../../src/rpc/rawJson.ts'
import { startNetworkServer, type NetworkServer, type NetworkServerOptions } from '../../src/transports/networkServer.ts'

/** A small real method table, with hooks into the WebSocket connection for subscription-like tests. */
export function createTestMethods(closedConnections: number[]): RpcMethodTable {
  return {
    echo: (params) => params,
    // Its params as pre-written JSON, with room for the envelope around them, as the log writer leaves.
    raw: (params) => {
      const json = Buffer.from(JSON.stringify(params))
      const buffer = Buffer.alloc(64 + json.length + 1)
      json.copy(buffer, 64)
      return new RawJson(buffer, 64, 64 + json.length)
    },
    transport: (_params, ctx) => ({ transport: ctx.transport, hasConnection: ctx.connection !== undefined }),
    boom: () => {
      throw new Error('secret cause at /internal/path.ts')
    },
    fails: () => {
      throw new InvalidParamsError('invalid argument 0: expected boolean')
    },
    notifyMe: (params, ctx) => {
      ctx.connection?.notify({ jsonrpc: '2.0', method: 'test_notification', params: { payload: params[0] } })
      return ctx.connection?.id ?? null
    },
    watchClose: (_params, ctx) => {
      const connection = ctx.connection
      connection?.onClose(() => closedConnections.push(connection.id))
      return connection?.id ?? null
    },
    flood: (params, ctx) => {
      const [count, size] = params as [number, number]
      const payload = 'x'.repeat(size)
      for (let i = 0; i < count; i++) ctx.connection?.notify({ jsonrpc: '2.0', method: 'test_flood', params: { i, payload } })
      return count
    },
  }
}

/** A running server on port 0 with the test table; `closedConnections` records onClose calls. */
export type TestServer = NetworkServer & { closedConnections: number[]; logged: unknown[] }

/** Starts a real network server on 127.0.0.1:0 with the test method table. */
export async function startTestServer(options: Omit<NetworkServerOptions, 'port' | 'dispatcher'> = {}): Promise<TestServer> {
  const closedConnections: number[] = []
  const logged: unknown[] = []
  const dispatcher = createDispatcher(createTestMethods(closedConnections), { logger: { error: (obj) => logged.push(obj) } })
  const server = await startNetworkServer({ ...options, port: 0, dispatcher })
  return { ...server, closedConnections, logged }
}

/** Opens a WebSocket client and waits until it is open. */
export async function openClient(url: string, options?: WebSocket.ClientOptions): Promise<WebSocket> {
  const client = new WebSocket(url, options)
  await new Promise<void>((resolve, reject) => {
    client.once('open', () => resolve())
    client.once('error', reject)
  })
  return client
}

/** Resolves with the next message the client receives, parsed as JSON. */
export function nextMessage(client: WebSocket): Promise<unknown> {
  return new Promise((resolve) => client.once('message', (data) => resolve(JSON.parse(String(data)))))
}

/** Sends a text message and resolves with the next message received. */
export function request(client: WebSocket, message: unknown): Promise<unknown> {
  const answer = nextMessage(client)
  client.send(typeof message === 'string' ? message : JSON.stringify(message))
  return answer
}

/** Resolves with the close code and reason once the client is closed. */
export function closed(client: WebSocket): Promise<{ code: number; reason: string }> {
  return new Promise((resolve) => client.once('close', (code, reason) => resolve({ code, reason: String(reason) })))
}

/** Waits until `condition` holds (polling), for effects that happen on the server side. */
export async function until(condition: () => boolean): Promise<void> {
  await vi.waitFor(
    () => {
      if (!condition()) throw new Error('condition not met yet')
    },
    { timeout: 2000, interval: 5 },
  )
}
