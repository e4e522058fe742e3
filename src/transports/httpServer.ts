import { STATUS_CODES } from 'node:http'
import type * as http from 'node:http'
import type { Socket } from 'node:net'
import type * as https from 'node:https'
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify'
import type { Dispatcher, WireMessage } from '../rpc/dispatcher.ts'
import type { RpcContext } from '../rpc/rpcMethod.ts'
import { InvalidRequestError, LimitExceededError, UnauthorizedError, type RpcError } from '../errors.ts'
import { createApiKeyCheck } from './apiKeys.ts'
import { createBrowserAccess } from './browserAccess.ts'
import type { BrowserAccess } from './browserAccess.ts'
import { noteRequestBody } from './burstCollector.ts'
import { clientName } from './clientName.ts'
import { errorBody } from './errorBody.ts'
import { faultLogger } from './faultLogger.ts'
import type { RateLimiter } from './rateLimit.ts'

/** Options of {@link buildServer}. */
export type HttpServerOptions = {
  dispatcher: Dispatcher
  /** Accepted API keys; empty = any non-empty key, and `POST /` serves too. */
  apiKeys: readonly string[]
  /** Largest request body in bytes; larger gets HTTP 413. Default 10 MB. */
  bodyLimit?: number
  /** PEM certificate and key: serve HTTPS instead of HTTP. */
  tls?: { cert: string; key: string }
  /** An idle keep-alive connection is closed after this long. Default 72 s (fastify's). */
  keepAliveTimeoutMs?: number
  /** A request must arrive whole within this long; a slower sender gets 408 and is disconnected. Default 30 s. */
  requestTimeoutMs?: number
  /** Per-key rate limiting: a refused message gets HTTP 429 with its -32005 answers. Default: none. */
  rateLimiter?: RateLimiter
  /** The `Host` and `Origin` rules (DNS rebinding, CORS); default: loopback hosts, any origin. */
  access?: BrowserAccess
}

/** The fastify app of one network, over HTTP or HTTPS. */
export type HttpServer = FastifyInstance<http.Server | https.Server>

/** Default HTTP body limit: 10 MB, the documented default (docs/reference/errors-and-limits.md). */
export const DEFAULT_BODY_LIMIT = 10 * 1024 * 1024
/** Default idle time of a keep-alive connection: fastify's 72 s. */
export const DEFAULT_KEEP_ALIVE_TIMEOUT_MS = 72_000
/** Default time for a whole request to arrive. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000
// Node checks request deadlines on a timer (30 s by default), which would let a short deadline run over.
const MAX_CONNECTIONS_CHECKING_INTERVAL_MS = 1_000

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8'
const JSON_RPC_CONTENT_TYPES = ['application/json', 'application/json-rpc', 'application/jsonrequest']
/** How long a browser may reuse a preflight's answer (geth's 600 s). */
const PREFLIGHT_MAX_AGE_SECONDS = 600
const HEADER_LIST = /^\s*[A-Za-z0-9!#$%&'*+.^_`|~-]+(\s*,\s*[A-Za-z0-9!#$%&'*+.^_`|~-]+)*\s*$/
const RPC_PATHS = ['/v3/:apiKey', '/v3/', '/v3', '/'] as const
const OTHER_METHODS = ['GET', 'HEAD', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const

/**
 * Builds (does not start) the JSON-RPC HTTP app: `POST /v3/<API_KEY>`, and `POST /` when no keys are
 * configured. JSON-RPC errors go with HTTP 200; statuses are for transport faults (204 for notifications
 * only, 400, 401, 404, 405, 408, 413, 415, 429, 431), each with a JSON-RPC error body.
 * @example const app = buildServer({ dispatcher, apiKeys: [] }); await app.listen({ port: 0 })
 */
export function buildServer(options: HttpServerOptions): HttpServer {
  const { dispatcher } = options
  const bodyLimit = options.bodyLimit ?? DEFAULT_BODY_LIMIT
  const requestTimeout = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS
  const isAccepted = createApiKeyCheck(options.apiKeys)
  const { rateLimiter } = options
  const access = options.access ?? createBrowserAccess({ host: '127.0.0.1' })
  const secure = options.tls !== undefined
  // Node's own timers: the headers stage may not outlast the whole request, and deadlines are checked often
  // enough to hold to within a second.
  const nodeServerOptions = {
    // An HTTP/1.1 request without Host reaches the Host check (which lets it through, as geth does) instead of
    // Node's bare 400.
    requireHostHeader: false,
    headersTimeout: Math.min(60_000, requestTimeout),
    connectionsCheckingInterval: Math.min(MAX_CONNECTIONS_CHECKING_INTERVAL_MS, requestTimeout),
  }
  const fastifyOptions = {
    bodyLimit,
    keepAliveTimeout: options.keepAliveTimeoutMs ?? DEFAULT_KEEP_ALIVE_TIMEOUT_MS,
    requestTimeout,
    http: nodeServerOptions,
    // Faults only; fastify's per-request lines go nowhere (the request log prints each JSON-RPC call instead:
    // `serve --log-requests`).
    loggerInstance: faultLogger,
    // HEAD is answered 405 by the route below, not derived from a GET route.
    exposeHeadRoutes: false,
    // No route declares a fastify schema (a JSON-RPC body is checked by the dispatcher and each method's own
    // params), so fastify's schema compilers are never asked for: given as refusals, fastify does not load
    // Ajv and fast-json-stringify at start-up for every network's app.
    schemaController: { compilersFactory: { buildValidator: noSchemaCompiler, buildSerializer: noSchemaCompiler } },
    clientErrorHandler: answerClientError,
    // Faults fastify finds while routing (a URL that does not decode) get a JSON-RPC body too.
    frameworkErrors: (_error: FastifyError, _request: FastifyRequest, reply: FastifyReply) =>
      reply
        .code(400)
        .type(JSON_CONTENT_TYPE)
        .send(errorBody(new InvalidRequestError('malformed URL'))),
  }
  // fastify types an HTTPS app apart from an HTTP one; the routes below use neither server's specifics.
  const app: HttpServer =
    options.tls === undefined
      ? Fastify(fastifyOptions)
      : (Fastify({ ...fastifyOptions, https: { ...options.tls, ...nodeServerOptions } }) as unknown as HttpServer)

  // The body stays a string so that bad JSON is answered -32700 by the dispatcher rather than 400 by fastify.
  app.removeAllContentTypeParsers()
  // The JSON types geth's HTTP server accepts.
  app.addContentTypeParser(JSON_RPC_CONTENT_TYPES, { parseAs: 'string' }, (_request, body, done) => done(null, body))

  const sendError = (reply: FastifyReply, status: number, body: WireMessage) => reply.code(status).type(JSON_CONTENT_TYPE).send(body)

  // Every request, any route: the Host check first (DNS rebinding), then the browser's origin. Headers set here
  // stay on whatever answers the request (401, 413, 429, a JSON-RPC error), so a page can read them all.
  // Callback hooks, not async ones: a hook's promise costs every request microtask turns. A hook that answers
  // does not call `done`.
  app.addHook('onRequest', (request, reply, done) => {
    const host = request.headers.host
    const hostRefusal = access.hostRefusal(host)
    if (hostRefusal !== undefined) return void sendError(reply, 403, errorBody(new InvalidRequestError(hostRefusal)))
    const origin = request.headers.origin
    if (origin === undefined) return done()
    const decision = access.decideOrigin(origin, apiKeyOf(request), host, secure)
    if (!decision.allowed) return void sendError(reply, 403, errorBody(new UnauthorizedError(decision.reason)))
    if (decision.allowOrigin !== undefined) {
      reply.header('access-control-allow-origin', decision.allowOrigin)
      reply.header('access-control-expose-headers', 'retry-after')
      if (decision.allowOrigin !== '*') reply.header('vary', 'Origin')
    }
    const preflight = request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined
    if (!preflight) return done()
    reply
      .code(204)
      .header('access-control-allow-methods', 'POST, OPTIONS')
      .header('access-control-allow-headers', allowedRequestHeaders(request.headers['access-control-request-headers']))
      .header('access-control-max-age', String(PREFLIGHT_MAX_AGE_SECONDS))
      .send()
  })

  const sendUnsupportedMediaType = (reply: FastifyReply) =>
    sendError(reply, 415, errorBody(new InvalidRequestError(`Content-Type must be ${JSON_RPC_CONTENT_TYPES.join(', ')}`)))

  // undefined for `/`, '' for an empty key segment.
  const apiKeyOf = (request: FastifyRequest): string | undefined =>
    (request.params as { apiKey?: string }).apiKey ?? (request.routeOptions.url === '/' ? undefined : '')

  const authorize = (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const key = apiKeyOf(request)
    if (isAccepted(key)) return done()
    sendError(reply, 401, errorBody(new UnauthorizedError(key ? 'invalid project id' : 'project id required')))
  }

  const answer = async (request: FastifyRequest, reply: FastifyReply) => {
    if (typeof request.body !== 'string') return sendUnsupportedMediaType(reply)
    noteRequestBody(request.body.length)
    let refusal: RpcError | undefined
    const admit = rateLimiter && ((requests: number) => (refusal = rateLimiter.take(apiKeyOf(request) ?? '', requests)))
    const ctx: RpcContext = admit ? { transport: 'http', admit } : { transport: 'http' }
    const client = clientName((request.query as { client?: unknown }).client)
    if (client !== undefined) ctx.client = client
    const { answer: text, httpStatus: faultStatus } = await dispatcher.handleMessage(request.body, ctx)
    if (refusal !== undefined) {
      const retryAfterMs = (refusal.data as { retryAfterMs?: number } | undefined)?.retryAfterMs
      if (retryAfterMs !== undefined) reply.header('retry-after', String(Math.ceil(retryAfterMs / 1000)))
      // The body is the message's own answers (each request's -32005, with its id), or one error when it
      // held notifications only.
      return sendError(reply, 429, text ?? errorBody(refusal))
    }
    if (faultStatus !== undefined)
      return reply
        .code(faultStatus)
        .type(JSON_CONTENT_TYPE)
        .send(text ?? '')
    if (text === undefined) return reply.code(204).send()
    return reply.type(JSON_CONTENT_TYPE).send(text)
  }

  for (const url of RPC_PATHS) {
    app.route({ method: 'POST', url, onRequest: authorize, handler: answer })
    app.route({
      method: [...OTHER_METHODS],
      url,
      handler: (_request, reply) => sendError(reply.header('allow', 'POST'), 405, errorBody(new InvalidRequestError('method not allowed: use POST'))),
    })
  }

  app.setNotFoundHandler((_request, reply) => sendError(reply, 404, errorBody(new InvalidRequestError('not found: JSON-RPC is served at POST /v3/<API_KEY>'))))

  app.setErrorHandler((error: FastifyError, request, reply) => {
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        noteRequestBody(bodyLimit)
        return sendError(reply, 413, errorBody(new LimitExceededError(`request body larger than ${bodyLimit} bytes`)))
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      case 'FST_ERR_CTP_EMPTY_TYPE':
        return sendUnsupportedMediaType(reply)
    }
    const status = error.statusCode ?? 500
    if (status >= 400 && status < 500) {
      // fastify's own client-fault messages (bad Content-Length and the like) carry nothing internal.
      return sendError(reply, status, errorBody(new InvalidRequestError(error.message)))
    }
    return sendError(reply, 500, errorBody(error, request.log))
  })

  return app
}

/** What fastify would compile a route's schema with: chainsim's routes have none. */
function noSchemaCompiler(): never {
  throw new Error('chainsim declares no fastify route schemas: its JSON-RPC is checked by the dispatcher')
}

/**
 * Faults Node finds before a request reaches fastify (a request that did not arrive in time, oversized
 * headers, malformed HTTP) get their status with a JSON-RPC error body, then the connection is closed.
 */
function answerClientError(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return
  const [status, message] =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'request timeout: the request did not arrive in time']
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'request headers too large']
        : [400, 'malformed HTTP request']
  const body = errorBody(new InvalidRequestError(message))
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: ${JSON_CONTENT_TYPE}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    )
  }
  socket.destroy()
}

/**
 * The request headers a preflight may name: what it asked for (viem, ethers and wagmi ask for `content-type`,
 * and pages add their own), as geth and Anvil allow any; a malformed list gets `content-type` only.
 */
function allowedRequestHeaders(requested: string | undefined): string {
  return requested !== undefined && HEADER_LIST.test(requested) ? requested.trim() : 'content-type'
}
