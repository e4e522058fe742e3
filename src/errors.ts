/**
 * The one error hierarchy. Every error chainsim throws on purpose is a {@link ChainsimError}: either a
 * {@link DomainError}, which a folder's errors.ts declares (`TransactionRejected`, `ReorgError`,
 * `FilterNotFound`...) with one of the closed set of {@link DomainErrorKind}s, or an {@link RpcError}, which is
 * already a wire error. The RPC layer maps each kind to its wire error by one table the compiler holds
 * exhaustive (src/rpc/domainErrors.ts). Every JSON-RPC error code chainsim sends is assigned here and nowhere
 * else.
 */

/** Base of every error chainsim throws on purpose; `name` is the class's own name. */
export class ChainsimError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause })
    this.name = new.target.name
  }
}

/**
 * Every kind of domain error, by the folder whose errors.ts declares it: the closed set the RPC layer's table
 * (src/rpc/domainErrors.ts) has one row for each of, so a kind added here without a row fails the type check.
 * A kind names one class, or one family of classes answered alike (`forkSource`: the upstream failed).
 */
export type DomainErrorKind =
  // accounts/
  | 'unknownAccount'
  | 'chainIdMismatch'
  | 'invalidTypedData'
  | 'erc20SlotNotFound'
  | 'gasAboveCap'
  // chain/
  | 'timestampNotAfterHead'
  | 'stateUnavailable'
  // config/
  | 'config'
  // decoding/
  | 'artifactsFolder'
  | 'abiDeclaration'
  // evm/
  | 'traceTimeout'
  | 'tracedCallRefused'
  | 'tracerFailed'
  | 'forkBlock'
  | 'unknownHardfork'
  | 'genesis'
  | 'derivationPath'
  | 'record'
  | 'blobEncoding'
  | 'forkSource'
  | 'proofNotLocal'
  | 'simulationRefused'
  | 'overrideRefused'
  | 'blockImport'
  // filters/
  | 'filterNotFound'
  | 'tooManyFilters'
  // fork/
  | 'upstreamAnswer'
  | 'forkStart'
  | 'notOnAFork'
  | 'noUpstreamOffline'
  // logs/
  | 'queryTimeout'
  // mining/
  | 'chainIdKeptByStateFile'
  | 'chainIdChangedSinceGenesis'
  // persistence/
  | 'stateFile'
  | 'stateSave'
  | 'statePath'
  | 'loadState'
  // reorg/
  | 'reorg'
  | 'reorgPlacement'
  | 'reorgProfile'
  // replay/
  | 'noReplay'
  | 'replayChangeRefused'
  | 'miningHeldByReplay'
  // rpc/faults/
  | 'faultSpec'
  // scenarios/
  | 'abi'
  | 'scenario'
  | 'value'
  | 'stepFailure'
  | 'shard'
  // testing/
  | 'startChainsim'
  | 'checkpointLost'
  // transports/
  | 'portInUse'
  // txpool/
  | 'transactionRejected'
  | 'notMinedInTime'
  // this file (src/importedNetwork.ts)
  | 'chainImport'

/**
 * An error of chainsim's own domain (a refused transaction, a reorg that cannot be made, a config that cannot be
 * used): it says what went wrong in domain terms, and its `kind` says which wire error it becomes, if a client
 * ever hears of it.
 */
export abstract class DomainError extends ChainsimError {
  abstract readonly kind: DomainErrorKind
}

/** A chain that could not be imported: the message names the file and the block or field. */
export class ChainImportError extends DomainError {
  readonly kind = 'chainImport'
}

/**
 * The `error` member of a JSON-RPC response. Some providers add members of their own (Infura's `event` and
 * `details` on a 429), which clients may read.
 */
export type RpcErrorObject = { code: number; message: string; data?: unknown; [member: string]: unknown }

/** Where causes of internal errors go; they are logged, never sent. */
export type ErrorLogger = { error(obj: unknown, msg?: string): void }

/** The fallback {@link ErrorLogger}: standard error. */
export const consoleErrorLogger: ErrorLogger = { error: (obj, msg) => console.error(msg, obj) }

/**
 * Options shared by every error constructor: `httpStatus` is the status of the HTTP response that carries the
 * error (a provider's 413 or 429; JSON-RPC errors otherwise go with 200), `members` are extra members of the
 * error object, written after `code` and `message`.
 */
export type RpcErrorOptions = { data?: unknown; cause?: unknown; httpStatus?: number; members?: Readonly<Record<string, unknown>> }

/**
 * Base of every error that may reach a client; `code` comes from the subclass's static `code`.
 * @example throw new InvalidParamsError('invalid argument 0: hex string has odd length')
 */
export class RpcError extends ChainsimError {
  /** The JSON-RPC code this class stands for. */
  static readonly code: number = -32603
  readonly code: number
  readonly data?: unknown
  /** The status of the HTTP response that carries this error, when it is not 200. */
  readonly httpStatus?: number
  readonly members?: Readonly<Record<string, unknown>>

  constructor(message: string, options: RpcErrorOptions = {}) {
    super(message, options)
    this.code = (new.target as typeof RpcError).code
    if (options.data !== undefined) this.data = options.data
    if (options.httpStatus !== undefined) this.httpStatus = options.httpStatus
    if (options.members !== undefined) this.members = options.members
  }
}

/** -32700: the text is not JSON. */
export class ParseError extends RpcError {
  static override readonly code = -32700 as const
}

/** -32600: the JSON is not a valid request object (or batch). */
export class InvalidRequestError extends RpcError {
  static override readonly code = -32600 as const
}

/** -32601: no such method. */
export class MethodNotFoundError extends RpcError {
  static override readonly code = -32601 as const
}

/** -32602: the params are wrong; the message names the argument and the fault. */
export class InvalidParamsError extends RpcError {
  static override readonly code = -32602 as const
}

/** -32603: a fault of ours; sent with a fixed message while the cause is logged. */
export class InternalError extends RpcError {
  static override readonly code = -32603 as const
}

/** -32000: geth's generic server error ("filter not found", "unknown block", "nonce too low"). */
export class ServerError extends RpcError {
  static override readonly code = -32000 as const
}

/** -32005: a limit was hit (Infura's `eth_getLogs` limits); `data` may suggest what fits. */
export class LimitExceededError extends RpcError {
  static override readonly code = -32005 as const
}

/**
 * -32005 `rate limit exceeded`: an API key sent more requests than its token bucket holds (HTTP 429, and
 * per request over WebSocket). `data` says when to come back, when a retry can succeed at all.
 * @example throw new RateLimitExceededError({ retryAfterMs: 250, requestsPerSecond: 10, burst: 20 })
 */
export class RateLimitExceededError extends LimitExceededError {
  constructor(data?: { retryAfterMs?: number; requestsPerSecond: number; burst: number }) {
    super('rate limit exceeded', data === undefined ? {} : { data })
  }
}

/**
 * -32002 `request timed out`: geth's answer to a call that outlasts its server's deadline (rpc errcodeTimeout;
 * the same number as Infura's project-ID refusal, {@link UnauthorizedError}).
 */
export class RequestTimedOutError extends RpcError {
  static override readonly code = -32002 as const
}

/** -32003 `response too large`: geth's answer when an answer would pass its response size limit. */
export class ResponseTooLargeError extends RpcError {
  static override readonly code = -32003 as const
}

/**
 * -32614: QuickNode's answer to an eth_getLogs range wider than the plan allows (sent with HTTP 413).
 * @example throw new BlockRangeLimitError('eth_getLogs is limited to a 10,000 range', { httpStatus: 413 })
 */
export class BlockRangeLimitError extends RpcError {
  static override readonly code = -32614 as const
}

/**
 * 429: a provider's compute-unit (credit) throughput was exceeded; Alchemy and Infura both use the HTTP status
 * as the JSON-RPC code, and send it with HTTP 429.
 */
export class ThroughputExceededError extends RpcError {
  static override readonly code = 429 as const
}

/**
 * -32002: missing or unknown API key, sent with HTTP 401. Infura answers project-ID rejections with -32002
 * ("rejected due to project ID settings"), so clients that know Infura recognise it.
 */
export class UnauthorizedError extends RpcError {
  static override readonly code = -32002 as const
}

/**
 * Code 3: the call reverted (geth's form); `data` is the revert bytes as 0x-hex, the message carries the
 * decoded reason when there is one.
 * @example throw new ExecutionRevertedError('0x08c379a0…', 'insufficient balance')
 */
export class ExecutionRevertedError extends RpcError {
  static override readonly code = 3 as const
  declare readonly data: `0x${string}`

  constructor(revertData: `0x${string}`, reason?: string) {
    super(reason === undefined ? 'execution reverted' : `execution reverted: ${reason}`, { data: revertData })
  }
}

/*
 * eth_simulateV1's refusals (execution-apis' and geth's codes): a call that cannot be a transaction
 * there, or blocks that cannot follow one another. They refuse the whole simulation.
 */

/** -38010: the call's nonce is below the sender's. */
export class NonceTooLowError extends RpcError {
  static override readonly code = -38010 as const
}

/** -38011: the call's nonce is above the sender's. */
export class NonceTooHighError extends RpcError {
  static override readonly code = -38011 as const
}

/** -38013: the call's gas is below its intrinsic cost. */
export class IntrinsicGasError extends RpcError {
  static override readonly code = -38013 as const
}

/** -38014: the sender cannot pay gas × price + value. */
export class InsufficientFundsError extends RpcError {
  static override readonly code = -38014 as const
}

/** -38015: the calls of a simulated block need more gas than its limit. */
export class BlockGasLimitReachedError extends RpcError {
  static override readonly code = -38015 as const
}

/** -38020: simulated block numbers must increase. */
export class InvalidBlockNumberError extends RpcError {
  static override readonly code = -38020 as const
}

/** -38021: simulated block timestamps must increase. */
export class InvalidBlockTimestampError extends RpcError {
  static override readonly code = -38021 as const
}

/** -38025: a creation's init code is over the limit. */
export class InitCodeTooLargeError extends RpcError {
  static override readonly code = -38025 as const
}

/**
 * Code 4: a sync send's transaction was pooled but not mined within its wait (EIP-7966, geth's
 * txSyncTimeoutError); `data` is the transaction's hash, so the client can go on polling for the receipt.
 */
export class TransactionSyncTimeoutError extends RpcError {
  static override readonly code = 4 as const
}

/** -38026: a client limit was hit (more than 256 simulated blocks). */
export class ClientLimitExceededError extends RpcError {
  static override readonly code = -38026 as const
}

/**
 * The codes of a failed call inside eth_simulateV1's answer (not errors of the request): geth
 * answers a revert with -32000 and the revert data, any other EVM failure with -32015.
 */
export const SIMULATED_CALL_ERROR_CODES = { reverted: -32000, vmError: -32015 } as const

/**
 * An error injected on purpose (a scenario's `fault` step, src/rpc/faults.ts), with whatever code and message
 * the fault names: the one class whose code is chosen by its caller. Without a code it is -32603, the code an
 * injected HTTP failure status goes with.
 * @example throw new InjectedFault('backend unavailable', { code: -32000 })
 */
export class InjectedFault extends RpcError {
  static override readonly code = -32603 as const
  override readonly code: number

  constructor(message: string, options: RpcErrorOptions & { code?: number } = {}) {
    super(message, options)
    this.code = options.code ?? InjectedFault.code
  }
}

/**
 * The upstream's own error answer to a call a forked network passed on to it (an eth_call at a block before
 * the fork block...): its code, message and data, unchanged, as the upstream would have answered the client.
 * @example throw new ForwardedUpstreamError(3, 'execution reverted', { data: '0x08c3…' })
 */
export class ForwardedUpstreamError extends RpcError {
  static override readonly code = -32000 as const
  override readonly code: number

  constructor(code: number, message: string, options: RpcErrorOptions = {}) {
    super(message, options)
    this.code = code
  }
}

/** What a client is told of a fault of chainsim's own (-32603); the cause is logged, never sent. */
export const INTERNAL_ERROR_MESSAGE = 'internal error'

/**
 * Maps any thrown value to a wire error object: an RpcError keeps its fields, anything else becomes
 * -32603 "internal error" and its cause goes to `log` (no stack or path ever reaches the wire).
 */
export function toRpcErrorObject(err: unknown, log?: ErrorLogger): RpcErrorObject {
  if (err instanceof RpcError) {
    const object: RpcErrorObject = { code: err.code, message: err.message, ...err.members }
    if (err.data !== undefined) object.data = err.data
    return object
  }
  log?.error({ err }, 'internal error while serving a JSON-RPC request')
  return { code: InternalError.code, message: INTERNAL_ERROR_MESSAGE }
}
