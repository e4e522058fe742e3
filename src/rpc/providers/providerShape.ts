import type { RpcError } from '../../errors.ts'
import type { BlockRange, LogLimits, LogQueryRefusal } from '../../logs/index.ts'
import type { PricedProvider } from './pricedProviders.ts'

/** An answer that would be larger than the provider sends (Alchemy caps responses at 150 MB). */
export type ResponseTooLarge = { status: 'responseTooLarge'; limit: number; requested: BlockRange; suggestedRange: BlockRange | undefined }

/** A log query refused for one of the provider's limits (range problems are worded alike by every node). */
export type LimitRefusal = Extract<LogQueryRefusal, { status: 'tooManyParameters' | 'rangeTooWide' | 'tooManyResults' | 'timeout' }> | ResponseTooLarge

/** What a provider's words may name besides the refusal: the range they suggest, and the limits in force. */
export interface WordsContext {
  suggestion: BlockRange
  limits: LogLimits
}

/** How one provider words each limit it refuses for (a parameter count names no range). */
export type LimitWords = {
  [K in LimitRefusal['status']]?: (
    refusal: Extract<LimitRefusal, { status: K }>,
    context: K extends 'tooManyParameters' ? Pick<WordsContext, 'limits'> : WordsContext,
  ) => RpcError
}

/** A provider's throughput limit (compute units, credits) and its 429 answer. */
export interface ThroughputShape {
  /** Units a second the free plan allows. */
  unitsPerSecond: number
  /** Seconds of units the bucket holds: how far a burst may run ahead of the rate. */
  burstSeconds: number
  /** Whose per-method prices apply: each method's declaration gives its price by provider (`cost`). */
  priced: PricedProvider
  /** What a method whose declaration names no price for this provider costs. */
  defaultUnits: number
  /** The error a request over the limit gets (sent with HTTP 429). */
  refusal(): RpcError
}

/**
 * One provider's eth_getLogs behaviour: its limits (absent = none), the largest answer it sends, the words of
 * each refusal, and its throughput pricing. Each provider's module cites where its shapes come from.
 */
export interface ProviderShape {
  limits: LogLimits
  /** Bytes of the largest eth_getLogs answer (the JSON of the log array). */
  maxResponseBytes?: number
  words: LimitWords
  throughput?: ThroughputShape
}
