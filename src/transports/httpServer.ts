import type * as http from 'node:http'
import type * as https from 'node:https'
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify'
import type { Dispatcher } from '../rpc/dispatcher.ts'
import { InvalidRequestError, LimitExceededError, UnauthorizedError } from '../errors.ts'
import { createApiKeyCheck } from './apiKeys.ts'
import { errorBody } from './errorBody.ts'

/** Options of {@link buildServer}. */
export type HttpServerOptions = {
  dispatcher: Dispatcher
  /** Accepted API keys; empty = any non-empty key, and `POST /` serves too. */
  apiKeys: readonly string[]
  /** Largest request body in bytes; larger gets HTTP 413. Default 10 MB. */
  bodyLimit?: number
  /** Log each request through fastify's pino logger. Default false (faults are logged either way). */
  logRequests?: boolean
  /** PEM certificate and key: serve HTTPS instead of HTTP. */
  tls?: { cert: string; key: string }
}

/** The fastify app of one network, over HTTP or HTTPS. */
export type HttpServer = FastifyInstance<http.Server | https.Server>

/** Default HTTP body limit: 10 MB, as DESIGN.md fixes. */
export const DEFAULT_BODY_LIMIT = 10 * 1024 * 1024

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8'
const RPC_PATHS = ['/v3/:apiKey', '/v3/', '/v3', '/'] as const
const OTHER_METHODS = ['GET', 'HEAD', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const

/**
 * Builds (does not start) the JSON-RPC HTTP app: `POST /v3/<API_KEY>`, and `POST /` when no keys are
 * configured. JSON-RPC errors go with HTTP 200; statuses are for transport faults (204 for notifications
 * only, 401, 404, 405, 413, 415), each with a JSON-RPC error body.
 * @example const app = buildServer({ dispatcher, apiKeys: [] }); await app.listen({ port: 0 })
 */
export function buildServer(options: HttpServerOptions): HttpServer {
  const { dispatcher } = options
  const bodyLimit = options.bodyLimit ?? DEFAULT_BODY_LIMIT
  const isAccepted = createApiKeyCheck(options.apiKeys)
  const fastifyOptions = {
    bodyLimit,
    // Level `error` keeps fault logs while leaving out the per-request lines.
    logger: { level: options.logRequests === true ? 'info' : 'error' },
    // HEAD is answered 405 by the route below, not derived from a GET route.
    exposeHeadRoutes: false,
  }
  // fastify types an HTTPS app apart from an HTTP one; the routes below use neither server's specifics.
  const app: HttpServer = options.tls === undefined
    ? Fastify(fastifyOptions)
    : (Fastify({ ...fastifyOptions, https: options.tls }) as unknown as HttpServer)

  // The body stays a string so that bad JSON is answered -32700 by the dispatcher rather than 400 by fastify.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body))

  const sendError = (reply: FastifyReply, status: number, body: string) =>
    reply.code(status).type(JSON_CONTENT_TYPE).send(body)

  const sendUnsupportedMediaType = (reply: FastifyReply) =>
    sendError(reply, 415, errorBody(new InvalidRequestError('Content-Type must be application/json')))

  const authorize = async (request: FastifyRequest, reply: FastifyReply) => {
    const { apiKey } = request.params as { apiKey?: string }
    const key = apiKey ?? (request.routeOptions.url === '/' ? undefined : '')
    if (!isAccepted(key)) {
      return sendError(reply, 401, errorBody(new UnauthorizedError(key ? 'invalid project id' : 'project id required')))
    }
  }

  const answer = async (request: FastifyRequest, reply: FastifyReply) => {
    if (typeof request.body !== 'string') return sendUnsupportedMediaType(reply)
    const text = await dispatcher.handleText(request.body, { transport: 'http' })
    if (text === undefined) return reply.code(204).send()
    return reply.type(JSON_CONTENT_TYPE).send(text)
  }

  for (const url of RPC_PATHS) {
    app.route({ method: 'POST', url, onRequest: authorize, handler: answer })
    app.route({
      method: [...OTHER_METHODS],
      url,
      handler: (_request, reply) =>
        sendError(reply.header('allow', 'POST'), 405, errorBody(new InvalidRequestError('method not allowed: use POST'))),
    })
  }

  app.setNotFoundHandler((_request, reply) =>
    sendError(reply, 404, errorBody(new InvalidRequestError('not found: JSON-RPC is served at POST /v3/<API_KEY>'))),
  )

  app.setErrorHandler((error: FastifyError, request, reply) => {
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
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
