import type { BlockSelector } from '../chain/types.ts'
import type { Log } from '../evm/types.ts'

/** A canonical block as the log index receives it: its logs grouped by transaction, in block order. */
export interface IndexedBlock {
  number: bigint
  hash: Uint8Array
  timestamp: bigint
  /** In block order; a log's `logIndex` counts block-wide across these transactions. */
  transactions: ReadonlyArray<{ hash: Uint8Array; logs: ReadonlyArray<Log> }>
}

/**
 * A log filter as a client gives it (eth_getLogs, eth_newFilter, eth_getFilterLogs): addresses (OR), topics by
 * position, and the blocks by tag or number, or one block by hash (the same as from = to = that block).
 */
export interface LogFilter {
  addresses: readonly Uint8Array[]
  /** Per position: the accepted values (OR), or null for any. */
  topics: ReadonlyArray<readonly Uint8Array[] | null>
  fromBlock: BlockSelector
  toBlock: BlockSelector
  blockHash?: Uint8Array
}

/** What the log index is asked: match criteria over a block range already resolved to numbers. */
export interface LogRangeQuery {
  /** First block of the range, inclusive. */
  fromBlock: bigint
  /** Last block of the range, inclusive. */
  toBlock: bigint
  /** Any one of these addresses; `undefined` or `[]` matches every address. */
  addresses?: readonly Uint8Array[]
  /**
   * Per position: `null` or `[]` is a wildcard, an array is OR. N positions require at least N topics on the
   * log, wildcards included (geth's rule: `[null]` does not match a log without topics).
   */
  topics?: ReadonlyArray<Uint8Array | readonly Uint8Array[] | null>
}

/** The address and topic part of {@link LogRangeQuery}, as filters and subscriptions match single logs. */
export type LogMatchCriteria = Omit<LogRangeQuery, 'fromBlock' | 'toBlock'>

/** A canonical log with its position in the chain. Its byte arrays are shared with the index: read only. */
export interface PositionedLog {
  address: Uint8Array
  topics: Uint8Array[]
  data: Uint8Array
  blockNumber: bigint
  blockHash: Uint8Array
  blockTimestamp: bigint
  transactionHash: Uint8Array
  transactionIndex: number
  /** Block-wide position of the log. */
  logIndex: number
}

/** Limits of one {@link LogIndex.query} call. */
export interface LogQueryOptions {
  /** Most logs answered; one more is `tooManyResults` (exactly `limit` is answered). */
  limit: number
  /** `performance.now()` time after which the query gives up with `timeout`. */
  deadline?: number
}

/** The outcome of a log index query: the logs, or why there are none to give. */
export type IndexQueryResult =
  | { status: 'ok'; logs: PositionedLog[] }
  | {
      status: 'tooManyResults'
      limit: number
      /** The widest range starting at `fromBlock` whose results fit; `undefined` if `fromBlock` alone does not. */
      suggestedRange: { from: bigint; to: bigint } | undefined
    }
  | { status: 'timeout' }

/**
 * Logs of the blocks before a chain's first one, held elsewhere: a fork's upstream, up to the fork block.
 * A log query over a range that reaches them merges them in, under its one result limit.
 */
export interface OlderLogs {
  /** The newest block they cover (the chain's first block). */
  readonly last: bigint
  /** Those matching `criteria` in blocks `from`..`to` (`to` at most `last`), in chain order. */
  logs(criteria: LogMatchCriteria, from: bigint, to: bigint): Promise<PositionedLog[]>
}
