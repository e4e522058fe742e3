import { errorResponse, resultResponse, type RpcId, type RpcResponse } from './envelope.ts'
import {
  InvalidParamsError,
  InvalidRequestError,
  MethodNotFoundError,
  ParseError,
  consoleErrorLogger,
  toRpcErrorObject,
  type ErrorLogger,
  type RpcError,
} from '../errors.ts'

/** A long-lived client connection (WebSocket): lets a method push messages and clean up when it closes. */
export interface RpcConnection {
  readonly id: number
  /** Sends one JSON message (e.g. an `eth_subscription` notification) to this client. */
  notify(message: object): void
  /** Runs `listener` once when the connection closes. */
  onClose(listener: () => void): void
}

/** What a method knows about the request's transport; `connection` is present on WebSocket only. */
export type RpcContext = { transport: 'http' | 'ws'; connection?: RpcConnection }

/** One JSON-RPC method: positional params in, wire value (JSON-ready, no bigint) out. */
export type RpcMethod = (params: unknown[], ctx: RpcContext) => unknown

/** Method name → method. Only own keys resolve. */
export type RpcMethodTable = Readonly<Record<string, RpcMethod>>

/** Options of {@link createDispatcher}. */
export type DispatcherOptions = {
  /** Largest batch answered; a longer one gets a single -32600 "batch too large". Default 1000. */
  maxBatchSize?: number
  /** Receives the causes of internal errors. Default: console.error. */
  logger?: ErrorLogger
}

/** A transport-neutral JSON-RPC 2.0 request handler. */
export type Dispatcher = {
  /** Answers an already-parsed JSON value; `undefined` means nothing to send (notifications only). */
  handle(body: unknown, ctx: RpcContext): Promise<RpcResponse | RpcResponse[] | undefined>
  /** Parses `text`, answers it and serialises the answer; `undefined` means nothing to send. */
  handleText(text: string, ctx: RpcContext): Promise<string | undefined>
}

const DEFAULT_MAX_BATCH_SIZE = 1000

/**
 * Creates the one dispatcher every transport uses: envelope checks, batches, notifications, method lookup
 * and error mapping, following JSON-RPC 2.0 and geth's messages.
 * @example
 * const dispatcher = createDispatcher({ eth_chainId: () => '0x7a69' })
 * await dispatcher.handleText('{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}', { transport: 'http' })
 */
export function createDispatcher(methods: RpcMethodTable, options: DispatcherOptions = {}): Dispatcher {
  const maxBatchSize = options.maxBatchSize ?? DEFAULT_MAX_BATCH_SIZE
  const logger = options.logger ?? consoleErrorLogger

  const fail = (id: RpcId, err: RpcError): RpcResponse => errorResponse(id, toRpcErrorObject(err))

  async function handleRequest(request: unknown, ctx: RpcContext): Promise<RpcResponse | undefined> {
    if (typeof request !== 'object' || request === null || Array.isArray(request)) {
      return fail(null, new InvalidRequestError('invalid request: not an object'))
    }
    const fields = request as Record<string, unknown>
    const isNotification = !Object.hasOwn(fields, 'id')
    const id = fields['id']
    if (!isNotification && !isRpcId(id)) {
      return fail(null, new InvalidRequestError('invalid request: id must be a number, a string or null'))
    }
    const replyId = isNotification ? null : (id as RpcId)
    if (fields['jsonrpc'] !== '2.0') return fail(replyId, new InvalidRequestError('invalid request: jsonrpc must be "2.0"'))
    const method = fields['method']
    if (typeof method !== 'string') return fail(replyId, new InvalidRequestError('invalid request: method must be a string'))

    const response = await callMethod(method, fields['params'], replyId, ctx)
    return isNotification ? undefined : response
  }

  async function callMethod(method: string, params: unknown, id: RpcId, ctx: RpcContext): Promise<RpcResponse> {
    try {
      if (!Object.hasOwn(methods, method)) {
        throw new MethodNotFoundError(`the method ${method} does not exist/is not available`)
      }
      if (params !== undefined && !Array.isArray(params)) {
        throw new InvalidParamsError('invalid params: params must be an array')
      }
      const handler = methods[method] as RpcMethod
      return resultResponse(id, await handler(params ?? [], ctx))
    } catch (err) {
      return errorResponse(id, toRpcErrorObject(err, logger))
    }
  }

  async function handle(body: unknown, ctx: RpcContext): Promise<RpcResponse | RpcResponse[] | undefined> {
    if (!Array.isArray(body)) return handleRequest(body, ctx)
    if (body.length === 0) return fail(null, new InvalidRequestError('empty batch'))
    if (body.length > maxBatchSize) return fail(null, new InvalidRequestError('batch too large'))
    // Requests run concurrently; Promise.all keeps the answers in request order.
    const responses = await Promise.all(body.map((request) => handleRequest(request, ctx)))
    const answered = responses.filter((response) => response !== undefined)
    return answered.length === 0 ? undefined : answered
  }

  // Each response is serialised on its own so that one unserialisable result (a stray bigint) costs only
  // its own answer, which becomes -32603.
  function serialise(response: RpcResponse): string {
    try {
      return JSON.stringify(response)
    } catch (err) {
      return JSON.stringify(errorResponse(response.id, toRpcErrorObject(err, logger)))
    }
  }

  async function handleText(text: string, ctx: RpcContext): Promise<string | undefined> {
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      return serialise(fail(null, new ParseError('parse error')))
    }
    const answer = await handle(body, ctx)
    if (answer === undefined) return undefined
    return Array.isArray(answer) ? `[${answer.map(serialise).join(',')}]` : serialise(answer)
  }

  return { handle, handleText }
}

function isRpcId(value: unknown): value is RpcId {
  return value === null || typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value))
}
