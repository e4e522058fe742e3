import type { AddressInfo } from 'node:net'
import type { Dispatcher } from '../rpc/dispatcher.ts'
import type { WsServerOptions } from './wsServer.ts'
import { buildServer } from './httpServer.ts'
import type { HttpServer } from './httpServer.ts'
import type { BrowserAccess } from './browserAccess.ts'
import type { RateLimiter } from './rateLimit.ts'
import { attachWsServer } from './wsServer.ts'

/** Options of {@link startNetworkServer}. */
export type NetworkServerOptions = {
  /** Address to bind. Default 127.0.0.1. */
  host?: string
  /** Port to bind; 0 picks a free one (read it back from the result). */
  port: number
  dispatcher: Dispatcher
  /** Accepted API keys; empty or absent = any non-empty key, and `/` serves too. */
  apiKeys?: readonly string[]
  /** PEM certificate and key: serve HTTPS and WSS on the same routes. */
  tls?: { cert: string; key: string }
  /** HTTP body limit in bytes (413 past it). Default 10 MB. */
  bodyLimit?: number
  /** WS message limit in bytes (close 1009 past it). Default 10 MB. */
  wsMaxPayload?: number
  /** Unsent WS bytes per client before it is disconnected with 1008. Default 16 MB. */
  wsMaxBuffered?: number
  /** An idle HTTP keep-alive connection is closed after this long. Default 72 s. */
  httpKeepAliveTimeoutMs?: number
  /** An HTTP request must arrive whole within this long (408 past it). Default 30 s. */
  httpRequestTimeoutMs?: number
  /** A WS connection that has sent nothing, not even a pong, for this long is closed (1001). Default 5 min. */
  wsIdleTimeoutMs?: number
  /** How often WS clients are pinged. Default 30 s (at most half the idle timeout). */
  wsPingIntervalMs?: number
  /**
   * Per-API-key rate limiting, shared with other networks when the same limiter is passed to each: HTTP 429
   * and -32005 answers over HTTP, -32005 answers over WS. Default: none.
   */
  rateLimiter?: RateLimiter
  /** The `Host` and `Origin` rules (DNS rebinding, CORS, WebSocket origins); default: loopback hosts, any origin. */
  access?: BrowserAccess
  /** Faults that drop WebSocket connections (the network's fault injector). */
  connectionFaults?: WsServerOptions['connectionFaults']
  /**
   * Adds routes beside JSON-RPC before the server listens (the explorer page at `/ui/`): they are given by whoever
   * serves the network, so the transports know nothing of the pages served on their port.
   */
  registerRoutes?: (app: HttpServer) => void
}

/** A running network server. */
export type NetworkServer = {
  /**
   * Base URL with no path, e.g. `http://127.0.0.1:8545`; JSON-RPC is at `${httpUrl}/v3/<API_KEY>` (and at
   * `${httpUrl}/` when no keys are configured).
   */
  httpUrl: string
  /** Base URL with no path, e.g. `ws://127.0.0.1:8545`; JSON-RPC is at `${wsUrl}/ws/v3/<API_KEY>`. */
  wsUrl: string
  /** The bound port (the real one when 0 was asked). */
  port: number
  /** Closes WebSocket clients (1001), then the HTTP server. */
  close(): Promise<void>
}

const DEFAULT_HOST = '127.0.0.1'

/**
 * Starts one network's JSON-RPC server: HTTP(S) and WS(S) on one port, both answered by `dispatcher`, and the
 * routes `registerRoutes` adds.
 * @example
 * const server = await startNetworkServer({ port: 8545, dispatcher })
 * await fetch(`${server.httpUrl}/v3/mykey`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
 */
export async function startNetworkServer(options: NetworkServerOptions): Promise<NetworkServer> {
  const host = options.host ?? DEFAULT_HOST
  const apiKeys = options.apiKeys ?? []
  const app = buildServer({
    dispatcher: options.dispatcher,
    apiKeys,
    bodyLimit: options.bodyLimit,
    tls: options.tls,
    keepAliveTimeoutMs: options.httpKeepAliveTimeoutMs,
    requestTimeoutMs: options.httpRequestTimeoutMs,
    rateLimiter: options.rateLimiter,
    access: options.access,
  })
  options.registerRoutes?.(app)
  const ws = attachWsServer(app.server, {
    dispatcher: options.dispatcher,
    apiKeys,
    logger: app.log,
    maxPayload: options.wsMaxPayload,
    maxBufferedAmount: options.wsMaxBuffered,
    idleTimeoutMs: options.wsIdleTimeoutMs,
    pingIntervalMs: options.wsPingIntervalMs,
    rateLimiter: options.rateLimiter,
    access: options.access,
    secure: options.tls !== undefined,
    connectionFaults: options.connectionFaults,
  })
  const close = async () => {
    await ws.close()
    await app.close()
  }

  try {
    await app.listen({ host, port: options.port })
  } catch (err) {
    await close()
    throw err
  }

  const { port } = app.server.address() as AddressInfo
  const authority = `${host.includes(':') ? `[${host}]` : host}:${port}`
  const secure = options.tls !== undefined
  return {
    httpUrl: `${secure ? 'https' : 'http'}://${authority}`,
    wsUrl: `${secure ? 'wss' : 'ws'}://${authority}`,
    port,
    close,
  }
}
