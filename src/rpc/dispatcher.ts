import { errorResponse, resultResponse, type RpcId, type RpcResponse } from './envelope.ts'
import { fromDomainError } from './domainErrors.ts'
import { isInjected } from './faults/injected.ts'
import { RawJson } from './rawJson.ts'
import type { PendingRequest, RequestLog } from './requestLog.ts'
import type { RpcContext, RpcMethod, RpcMethodTable } from './rpcMethod.ts'
import {
  InvalidParamsError,
  InvalidRequestError,
  MethodNotFoundError,
  ParseError,
  RpcError,
  consoleErrorLogger,
  toRpcErrorObject,
  type ErrorLogger,
} from '../errors.ts'

/** Options of {@link createDispatcher}. */
export type DispatcherOptions = {
  /** Largest batch answered; a longer one gets a single -32600 "batch too large". Default 1000. */
  maxBatchSize?: number
  /**
   * Deepest nesting of arrays and objects in a message (the message itself is level 1); deeper gets a
   * single -32600 "request nested too deeply" before anything runs. Default 64.
   */
  maxDepth?: number
  /** Receives the causes of internal errors. Default: console.error. */
  logger?: ErrorLogger
  /** Where every call is recorded (method, params summary, duration, answer size or error). Default: none. */
  requestLog?: RequestLog
}

/**
 * An answer and the HTTP status an error chose for the response that carries it (an injected fault, a
 * provider's 413 or 429; a batch takes the first such status as a whole). WebSocket has no status and ignores it.
 */
export type Dispatched<T> = { answer: T; httpStatus?: number }

/** A transport-neutral JSON-RPC 2.0 request handler. */
export type Dispatcher = {
  /** Answers an already-parsed JSON value; `undefined` means nothing to send (notifications only). */
  handle(body: unknown, ctx: RpcContext): Promise<RpcResponse | RpcResponse[] | undefined>
  /** As {@link handle}, with the HTTP status an injected fault chose, for in-process clients that check it. */
  dispatch(body: unknown, ctx: RpcContext): Promise<Dispatched<RpcResponse | RpcResponse[] | undefined>>
  /** Parses `text`, answers it and serialises the answer; `undefined` means nothing to send. */
  handleText(text: string, ctx: RpcContext): Promise<string | undefined>
  /**
   * As {@link handleText}, for transports, with the HTTP status an injected fault chose: an answer that holds
   * pre-written JSON (a large log array) comes as bytes, so that it reaches the socket without becoming a
   * string first.
   */
  handleMessage(text: string, ctx: RpcContext): Promise<Dispatched<WireMessage | undefined>>
}

const DEFAULT_MAX_BATCH_SIZE = 1000
const DEFAULT_MAX_DEPTH = 64

/**
 * Creates the one dispatcher every transport uses: envelope checks, batches, notifications, method lookup
 * and error mapping, following JSON-RPC 2.0 and geth's messages.
 * @example
 * const dispatcher = createDispatcher({ eth_chainId: () => '0x7a69' })
 * await dispatcher.handleText('{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}', { transport: 'http' })
 */
export function createDispatcher(methods: RpcMethodTable, options: DispatcherOptions = {}): Dispatcher {
  const maxBatchSize = options.maxBatchSize ?? DEFAULT_MAX_BATCH_SIZE
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH
  const logger = options.logger ?? consoleErrorLogger
  const { requestLog } = options
  // Each call's record waits in its message's sink, by answer, until the answer is serialised (or handed over
  // in-process). A Map per message, not a WeakMap: ephemeron tables cost ~6 µs a call, half a request's time.
  const traced = (response: RpcResponse, trace: PendingRequest | undefined, sink: StatusSink): RpcResponse => {
    if (trace) (sink.traces ??= new Map()).set(response, trace)
    return response
  }
  const startTrace = (method: string, params: unknown, ctx: RpcContext) => requestLog?.start(method, params, ctx.transport, ctx.client, ctx.connection?.id)
  const finishTrace = (response: RpcResponse, sink: StatusSink, size?: number) => sink.traces?.get(response)?.finish(size)

  const fail = (id: RpcId, err: RpcError): RpcResponse => errorResponse(id, toRpcErrorObject(err))
  const tooDeep = () => fail(null, new InvalidRequestError('request nested too deeply'))

  /** Where the first HTTP status an injected fault chooses for one message is kept, and its calls' records. */
  type StatusSink = { status?: number; traces?: Map<RpcResponse, PendingRequest> }

  // The path of one request returns plain values until a method returns a promise: each async layer would
  // add microtask turns to every request (measured: ~7 µs of CPU per eth_blockNumber over HTTP).
  function handleRequest(request: unknown, ctx: RpcContext, refusal: RpcError | undefined, sink: StatusSink): MaybePromise<RpcResponse | undefined> {
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

    if (refusal !== undefined) {
      const trace = startTrace(method, fields['params'], ctx)
      const response = fail(replyId, refusal)
      trace?.failed((response as { error: { code: number; message: string } }).error, false)
      return finishedUnlessNotification(traced(response, trace, sink), isNotification, sink)
    }
    const response = callMethod(method, fields['params'], replyId, ctx, sink)
    return isPromise(response)
      ? response.then((answer) => finishedUnlessNotification(answer, isNotification, sink))
      : finishedUnlessNotification(response, isNotification, sink)
  }

  /** A notification's answer is never sent: its call is recorded now. */
  function finishedUnlessNotification(response: RpcResponse, isNotification: boolean, sink: StatusSink): RpcResponse | undefined {
    if (!isNotification) return response
    finishTrace(response, sink)
    return undefined
  }

  function callMethod(method: string, params: unknown, id: RpcId, ctx: RpcContext, sink: StatusSink): MaybePromise<RpcResponse> {
    const trace = startTrace(method, params, ctx)
    const failed = (err: unknown): RpcResponse => {
      if (err instanceof RpcError && err.httpStatus !== undefined) sink.status ??= err.httpStatus
      const error = toRpcErrorObject(fromDomainError(err), logger)
      trace?.failed(error, isInjected(err))
      return traced(errorResponse(id, error), trace, sink)
    }
    try {
      if (!Object.hasOwn(methods, method)) {
        throw new MethodNotFoundError(`the method ${method} does not exist/is not available`)
      }
      if (params !== undefined && !Array.isArray(params)) {
        throw new InvalidParamsError('invalid params: params must be an array')
      }
      const handler = methods[method] as RpcMethod
      const result = handler(params ?? [], ctx)
      return isPromise(result)
        ? result.then((value) => traced(resultResponse(id, value), trace, sink), failed)
        : traced(resultResponse(id, result), trace, sink)
    } catch (err) {
      return failed(err)
    }
  }

  function answerBody(body: unknown, ctx: RpcContext, sink: StatusSink): MaybePromise<RpcResponse | RpcResponse[] | undefined> {
    if (!Array.isArray(body)) return handleRequest(body, ctx, ctx.admit?.(1), sink)
    if (body.length === 0) return fail(null, new InvalidRequestError('empty batch'))
    if (body.length > maxBatchSize) return fail(null, new InvalidRequestError('batch too large'))
    const refusal = ctx.admit?.(body.length)
    // Requests run concurrently; Promise.all keeps the answers in request order.
    const itemCtx: RpcContext = { ...ctx, inBatch: true }
    return Promise.all(body.map((request) => handleRequest(request, itemCtx, refusal, sink))).then((responses) => {
      const answered = responses.filter((response) => response !== undefined)
      return answered.length === 0 ? undefined : answered
    })
  }

  async function dispatch(body: unknown, ctx: RpcContext): Promise<Dispatched<RpcResponse | RpcResponse[] | undefined>> {
    const sink: StatusSink = {}
    const answer = valueExceedsDepth(body, maxDepth) ? tooDeep() : await answerBody(body, ctx, sink)
    for (const response of Array.isArray(answer) ? answer : answer ? [answer] : []) finishTrace(response, sink)
    // Callers of the object API get values, never pre-written text.
    return withStatus(Array.isArray(answer) ? answer.map(withParsedResult) : answer && withParsedResult(answer), sink)
  }

  async function handle(body: unknown, ctx: RpcContext): Promise<RpcResponse | RpcResponse[] | undefined> {
    return (await dispatch(body, ctx)).answer
  }

  // Each response is serialised on its own so that one unserialisable result (a stray bigint) costs only
  // its own answer, which becomes -32603.
  function serialise(response: RpcResponse, sink?: StatusSink): WireMessage {
    const message = serialised(response)
    if (sink) finishTrace(response, sink, message.length)
    return message
  }

  function serialised(response: RpcResponse): WireMessage {
    try {
      if ('result' in response && response.result instanceof RawJson) {
        return response.result.wrap(`{"jsonrpc":"2.0","id":${JSON.stringify(response.id)},"result":`, '}')
      }
      return JSON.stringify(response)
    } catch (err) {
      return JSON.stringify(errorResponse(response.id, toRpcErrorObject(err, logger)))
    }
  }

  async function handleText(text: string, ctx: RpcContext): Promise<string | undefined> {
    const { answer } = await handleMessage(text, ctx)
    return typeof answer === 'object' ? answer.toString('utf8') : answer
  }

  async function handleMessage(text: string, ctx: RpcContext): Promise<Dispatched<WireMessage | undefined>> {
    // Checked on the text, before parsing: a hostile message is refused at its first bracket past the
    // limit, and no deeply nested value is ever built for later code to recurse into.
    if (textExceedsDepth(text, maxDepth)) return { answer: serialise(tooDeep()) }
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      return { answer: serialise(fail(null, new ParseError('parse error'))) }
    }
    const sink: StatusSink = {}
    const pending = answerBody(body, ctx, sink)
    const answer = isPromise<Awaited<typeof pending>>(pending) ? await pending : pending
    if (answer === undefined) return withStatus(undefined, sink)
    return withStatus(Array.isArray(answer) ? joinBatch(answer.map((response) => serialise(response, sink))) : serialise(answer, sink), sink)
  }

  return { handle, dispatch, handleText, handleMessage }
}

/** A serialised answer: text, or UTF-8 bytes when it holds pre-written JSON. */
export type WireMessage = string | Buffer

type MaybePromise<T> = T | Promise<T>

function isPromise<T>(value: unknown): value is Promise<T> {
  return typeof (value as { then?: unknown } | null)?.then === 'function'
}

function withStatus<T>(answer: T, sink: { status?: number }): Dispatched<T> {
  return sink.status === undefined ? { answer } : { answer, httpStatus: sink.status }
}

/** `[a,b,…]`: text when every answer is text, bytes as soon as one is. */
function joinBatch(parts: WireMessage[]): WireMessage {
  if (parts.every((part) => typeof part === 'string')) return `[${parts.join(',')}]`
  const chunks: Buffer[] = [Buffer.from('[')]
  parts.forEach((part, i) => {
    if (i > 0) chunks.push(Buffer.from(','))
    chunks.push(typeof part === 'string' ? Buffer.from(part, 'utf8') : part)
  })
  chunks.push(Buffer.from(']'))
  return Buffer.concat(chunks)
}

function withParsedResult(response: RpcResponse): RpcResponse {
  return 'result' in response && response.result instanceof RawJson ? { ...response, result: JSON.parse(response.result.text) } : response
}

function isRpcId(value: unknown): value is RpcId {
  return value === null || typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value))
}

/** Whether arrays and objects in `value` nest deeper than `max` levels; iterative, so any depth is safe. */
function valueExceedsDepth(value: unknown, max: number): boolean {
  const pending: Array<[unknown, number]> = [[value, 1]]
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [item, depth] = next
    if (typeof item !== 'object' || item === null) continue
    // A cycle (possible in-process only) also ends here, once it has gone round deep enough.
    if (depth > max) return true
    for (const child of Array.isArray(item) ? item : Object.values(item)) {
      if (typeof child === 'object' && child !== null) pending.push([child, depth + 1])
    }
  }
  return false
}

const QUOTE = 34
const BACKSLASH = 92
const OPEN_ARRAY = 91
const OPEN_OBJECT = 123
const CLOSE_ARRAY = 93
const CLOSE_OBJECT = 125

/**
 * Whether the JSON text nests arrays and objects deeper than `max` levels, by one pass over its brackets;
 * string contents are skipped with `indexOf` (a body of 100,000 addresses is scanned in ~2 ms, against ~12 ms
 * for a regular expression). Malformed text is left for the parser to refuse.
 */
function textExceedsDepth(text: string, max: number): boolean {
  let depth = 0
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i)
    if (char === QUOTE) {
      i = stringEnd(text, i + 1)
      if (i < 0) return false
    } else if (char === OPEN_ARRAY || char === OPEN_OBJECT) {
      if (++depth > max) return true
    } else if (char === CLOSE_ARRAY || char === CLOSE_OBJECT) {
      depth--
    }
  }
  return false
}

/** The index of the quote that closes the string starting at `from` (one not escaped), or -1. */
function stringEnd(text: string, from: number): number {
  for (let quote = text.indexOf('"', from); quote >= 0; quote = text.indexOf('"', quote + 1)) {
    let backslashes = 0
    while (quote - backslashes - 1 >= from && text.charCodeAt(quote - backslashes - 1) === BACKSLASH) backslashes++
    if (backslashes % 2 === 0) return quote
  }
  return -1
}
