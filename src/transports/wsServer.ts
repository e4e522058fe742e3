import { STATUS_CODES, type IncomingMessage } from 'node:http'
import type * as http from 'node:http'
import type * as https from 'node:https'
import type { Duplex } from 'node:stream'
import { WebSocket, WebSocketServer, type RawData } from 'ws'
import type { Dispatcher, WireMessage } from '../rpc/dispatcher.ts'
import type { RpcConnection, RpcContext } from '../rpc/rpcMethod.ts'
import type { ConnectionWatch, DroppableConnection } from '../rpc/faults/faultInjector.ts'
import { InvalidRequestError, ParseError, UnauthorizedError, consoleErrorLogger, type ErrorLogger } from '../errors.ts'
import { createApiKeyCheck } from './apiKeys.ts'
import { createBrowserAccess } from './browserAccess.ts'
import type { BrowserAccess } from './browserAccess.ts'
import { noteRequestBody } from './burstCollector.ts'
import { clientName } from './clientName.ts'
import { errorBody } from './errorBody.ts'
import type { RateLimiter } from './rateLimit.ts'

/** Options of {@link attachWsServer}. */
export type WsServerOptions = {
  dispatcher: Dispatcher
  /** Accepted API keys; empty = any non-empty key, and `/` serves too. */
  apiKeys: readonly string[]
  /** Largest incoming message in bytes; larger closes the connection with 1009. Default 10 MB. */
  maxPayload?: number
  /** Unsent bytes a client may fall behind by before it is disconnected with 1008. Default 16 MB. */
  maxBufferedAmount?: number
  /** Receives faults of close listeners and message handling. Default: console.error. */
  logger?: ErrorLogger
  /**
   * A connection from which nothing (no message, no pong) has arrived for this long is closed with 1001.
   * Default 5 minutes.
   */
  idleTimeoutMs?: number
  /**
   * How often the server pings each client; any live WebSocket client answers with a pong, so a quiet
   * subscriber stays connected while a vanished one is dropped. Default 30 s, and at most half the idle
   * timeout.
   */
  pingIntervalMs?: number
  /** Per-key rate limiting: each request of a refused message is answered -32005; the connection stays up. */
  rateLimiter?: RateLimiter
  /** The `Host` and `Origin` rules; default: loopback hosts, any origin. */
  access?: BrowserAccess
  /** Served over TLS (wss): what a same-origin page's `Origin` starts with. */
  secure?: boolean
  /** Faults that act on connections (`wsDrop`, src/rpc/faults.ts): told of each connection and each message sent. */
  connectionFaults?: { attachConnection(connection: DroppableConnection): ConnectionWatch }
}

/** The WebSocket side of a network server. */
export type WsServer = {
  /** Closes every client with 1001 and stops accepting upgrades. */
  close(): Promise<void>
}

/** Default WS message limit: 10 MB, the documented default (docs/reference/errors-and-limits.md). */
export const DEFAULT_WS_MAX_PAYLOAD = 10 * 1024 * 1024
/** Default unsent-data limit per client: 16 MB, the documented default (docs/reference/errors-and-limits.md). */
export const DEFAULT_WS_MAX_BUFFERED_AMOUNT = 16 * 1024 * 1024
/** Default idle timeout of a WebSocket connection: 5 minutes. */
export const DEFAULT_WS_IDLE_TIMEOUT_MS = 5 * 60_000
/** Default ping interval: 30 s, as geth's. */
export const DEFAULT_WS_PING_INTERVAL_MS = 30_000

const CLOSE_GOING_AWAY = 1001
const CLOSE_POLICY_VIOLATION = 1008
// A client that does not answer our close frame in time is cut off, so that shutdown cannot hang.
const CLOSE_GRACE_MS = 1000
const WS_PATH_PREFIX = '/ws/v3'

/**
 * Serves JSON-RPC over WebSocket on an existing HTTP(S) server by taking its `upgrade` events:
 * `/ws/v3/<API_KEY>`, and `/` when no keys are configured. A refused upgrade gets an HTTP status (401, 404)
 * with a JSON-RPC error body; so does an upgrade whose `Host` or `Origin` the access rules refuse (403). Each text message is one request or batch; each connection is an
 * {@link RpcConnection} for subscriptions.
 * @example const ws = attachWsServer(app.server, { dispatcher, apiKeys: [] })
 */
export function attachWsServer(server: http.Server | https.Server, options: WsServerOptions): WsServer {
  const { dispatcher } = options
  const maxBufferedAmount = options.maxBufferedAmount ?? DEFAULT_WS_MAX_BUFFERED_AMOUNT
  const idleTimeoutMs = options.idleTimeoutMs ?? DEFAULT_WS_IDLE_TIMEOUT_MS
  const pingIntervalMs = Math.min(options.pingIntervalMs ?? DEFAULT_WS_PING_INTERVAL_MS, idleTimeoutMs / 2)
  const { rateLimiter } = options
  const logger = options.logger ?? consoleErrorLogger
  const isAccepted = createApiKeyCheck(options.apiKeys)
  const access = options.access ?? createBrowserAccess({ host: '127.0.0.1' })
  const maxPayload = options.maxPayload ?? DEFAULT_WS_MAX_PAYLOAD
  const wss = new WebSocketServer({ noServer: true, maxPayload })
  let nextConnectionId = 1

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    // The socket is ours from here on; an unhandled 'error' on it would crash the process.
    socket.on('error', () => socket.destroy())
    const key = apiKeyOfPath((request.url ?? '/').split('?', 1)[0] ?? '/')
    if (key === NOT_A_WS_PATH) {
      return refuseUpgrade(socket, 404, errorBody(new InvalidRequestError(`not found: WebSocket is served at ${WS_PATH_PREFIX}/<API_KEY>`)))
    }
    const hostRefusal = access.hostRefusal(request.headers.host)
    if (hostRefusal !== undefined) return refuseUpgrade(socket, 403, errorBody(new InvalidRequestError(hostRefusal)))
    if (!isAccepted(key)) {
      return refuseUpgrade(socket, 401, errorBody(new UnauthorizedError(key ? 'invalid project id' : 'project id required')))
    }
    // A page of another site may open a WebSocket to any address: its Origin decides, as geth's --ws.origins.
    const origin = access.decideOrigin(request.headers.origin, key, request.headers.host, options.secure ?? false)
    if (!origin.allowed) return refuseUpgrade(socket, 403, errorBody(new UnauthorizedError(origin.reason)))
    const client = clientName(new URLSearchParams((request.url ?? '').split('?')[1] ?? '').get('client'))
    wss.handleUpgrade(request, socket, head, (ws) => serveConnection(ws, key ?? '', client))
  }

  function serveConnection(ws: WebSocket, apiKey: string, client: string | undefined): void {
    const closeListeners: (() => void)[] = []
    let closed = false
    const writes = new WriteTracker()

    const runCloseListeners = () => {
      if (closed) return
      closed = true
      watch?.closed()
      writes.release()
      for (const listener of closeListeners.splice(0)) runSafely(listener)
    }
    // A dropped connection ends as a provider's does: cut with no close frame (the client sees 1006), or closed
    // as going away (1001). Nothing is sent after the message that decided it, which is written out first;
    // its subscriptions end now.
    const watch = options.connectionFaults?.attachConnection({
      drop: (code) => {
        runCloseListeners()
        const cut = () => (code === 1006 ? ws.terminate() : void closeClient(ws, CLOSE_GOING_AWAY, 'going away'))
        writes.afterWrites(cut)
      },
    })

    const runSafely = (listener: () => void) => {
      try {
        listener()
      } catch (err) {
        logger.error({ err }, 'WebSocket close listener failed')
      }
    }

    // Bytes are pre-written JSON text: they go out as a text frame, as strings do.
    const send = (text: WireMessage) => {
      if (closed || ws.readyState !== WebSocket.OPEN) return
      if (ws.bufferedAmount > maxBufferedAmount) {
        ws.close(CLOSE_POLICY_VIOLATION, 'client too slow: send buffer limit exceeded')
        // Its subscriptions stop now, not when the close handshake finally completes.
        runCloseListeners()
        return
      }
      ws.send(text, { binary: false }, writes.sent())
      watch?.sent()
    }

    const connection: RpcConnection = {
      id: nextConnectionId++,
      notify: (message) => send(JSON.stringify(message)),
      onClose: (listener) => {
        // A listener added after the close (a subscription made while closing) runs at once.
        if (closed) runSafely(listener)
        else closeListeners.push(listener)
      },
      flushed: () => writes.flushed(),
    }
    const ctx: RpcContext = rateLimiter
      ? { transport: 'ws', connection, admit: (requests) => rateLimiter.take(apiKey, requests) }
      : { transport: 'ws', connection }
    if (client !== undefined) ctx.client = client

    // Liveness, not chattiness: a client that answers pings stays however quiet it is (a subscriber waiting
    // for blocks), one that has sent nothing at all for the idle timeout is gone and is dropped.
    let lastHeard = performance.now()
    const heartbeat = setInterval(() => {
      if (performance.now() - lastHeard < idleTimeoutMs) {
        ws.ping()
        return
      }
      clearInterval(heartbeat)
      void closeClient(ws, CLOSE_GOING_AWAY, 'idle timeout')
      runCloseListeners()
    }, pingIntervalMs)
    heartbeat.unref()
    ws.on('pong', () => (lastHeard = performance.now()))

    ws.on('message', (message, isBinary) => {
      lastHeard = performance.now()
      // A dropped client's remaining messages are not worth the work: nothing will be sent back.
      if (closed) return
      const text = decodeMessage(message, isBinary)
      noteRequestBody(text?.length ?? 0)
      const reply = text === undefined ? Promise.resolve({ answer: PARSE_ERROR_TEXT }) : dispatcher.handleMessage(text, ctx)
      reply.then(
        ({ answer }) => {
          if (answer !== undefined) send(answer)
        },
        // A fault of ours still gets an answer (-32603, the cause logged), so the client is not left waiting.
        (err: unknown) => send(errorBody(err, logger)),
      )
    })
    ws.on('close', () => {
      clearInterval(heartbeat)
      runCloseListeners()
    })
    // ws reports protocol faults (e.g. a message over maxPayload) here and then closes with the right code.
    ws.on('error', () => noteRequestBody(maxPayload))
  }

  server.on('upgrade', onUpgrade)

  return {
    async close() {
      server.off('upgrade', onUpgrade)
      await Promise.all([...wss.clients].map((ws) => closeClient(ws, CLOSE_GOING_AWAY, 'server shutting down')))
      await new Promise<void>((resolve) => wss.close(() => resolve()))
    },
  }
}

/**
 * Counts a connection's messages handed to the socket and those written: `flushed()` resolves once every
 * message sent before the call is written (socket writes complete in order), so a steady stream of later
 * messages cannot hold it back; a dropped connection is cut the same way, after what it was already sent.
 */
class WriteTracker {
  private sentCount = 0
  private writtenCount = 0
  private waiters: Array<{ upTo: number; then: () => void }> = []
  private released = false

  /** Notes one more message; the returned callback is ws.send's, called when it is written (or failed). */
  sent(): () => void {
    this.sentCount++
    return () => {
      this.writtenCount++
      while (this.waiters.length > 0 && (this.waiters[0] as { upTo: number }).upTo <= this.writtenCount) this.waiters.shift()?.then()
    }
  }

  /** Runs `then` once every message sent so far is written: at once if none is waiting. */
  afterWrites(then: () => void): void {
    if (this.writtenCount >= this.sentCount) then()
    else this.waiters.push({ upTo: this.sentCount, then })
  }

  flushed(): Promise<void> {
    if (this.released) return Promise.resolve()
    return new Promise((resolve) => this.afterWrites(resolve))
  }

  /** The connection closed: nobody waits for its flush (a drop's cut, registered after, still waits). */
  release(): void {
    this.released = true
    for (const waiter of this.waiters.splice(0)) waiter.then()
  }
}

const NOT_A_WS_PATH = Symbol('not a WebSocket path')
const PARSE_ERROR_TEXT = errorBody(new ParseError('parse error'))
const utf8 = new TextDecoder('utf-8', { fatal: true })

/** The key of `/ws/v3/<key>` (`''` for `/ws/v3` or `/ws/v3/`), `undefined` for `/`. */
function apiKeyOfPath(pathname: string): string | undefined | typeof NOT_A_WS_PATH {
  if (pathname === '/') return undefined
  if (pathname === WS_PATH_PREFIX || pathname === `${WS_PATH_PREFIX}/`) return ''
  const key = pathname.startsWith(`${WS_PATH_PREFIX}/`) ? pathname.slice(WS_PATH_PREFIX.length + 1) : ''
  if (key === '' || key.includes('/')) return NOT_A_WS_PATH
  try {
    return decodeURIComponent(key)
  } catch {
    return NOT_A_WS_PATH
  }
}

/** Text frames are UTF-8 already (ws checks); binary frames count as text only if they are valid UTF-8. */
function decodeMessage(message: RawData, isBinary: boolean): string | undefined {
  const bytes = Array.isArray(message) ? Buffer.concat(message) : Buffer.isBuffer(message) ? message : Buffer.from(message)
  if (!isBinary) return bytes.toString('utf8')
  try {
    return utf8.decode(bytes)
  } catch {
    return undefined
  }
}

function refuseUpgrade(socket: Duplex, status: number, body: string): void {
  socket.once('finish', () => socket.destroy())
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      'Connection: close\r\n' +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      '\r\n' +
      body,
  )
}

/** Closes a client with `code`, cutting it off if it does not answer the close in time. */
function closeClient(ws: WebSocket, code: number, reason: string): Promise<void> {
  return new Promise((resolve) => {
    if (ws.readyState === WebSocket.CLOSED) return resolve()
    const timer = setTimeout(() => ws.terminate(), CLOSE_GRACE_MS)
    ws.once('close', () => {
      clearTimeout(timer)
      resolve()
    })
    ws.close(code, reason)
  })
}
