import type { BlockTag } from '../chain/types.ts'
import type { Log } from '../evm/types.ts'
import { countCriteriaParameters } from './countCriteriaParameters.ts'
import type { LogIndex } from './logIndex.ts'
import type { LogFilter, LogMatchCriteria, PositionedLog } from './types.ts'

/** Infura's eth_getLogs limits, per network. */
export interface LogLimits {
  maxLogResults: number
  queryTimeoutMs: number
  maxLogParams: number
}

export const DEFAULT_LOG_LIMITS: LogLimits = { maxLogResults: 10_000, queryTimeoutMs: 10_000, maxLogParams: 5_000 }

/** What a log query reads: the canonical chain's log index, its head and tags, and the pending block. */
export interface LogSource {
  index: LogIndex
  head: bigint
  tagNumber(tag: BlockTag): bigint
  /** The number of a canonical block by hash; `undefined` for an unknown or orphaned one. */
  canonicalNumberOf(hash: Uint8Array): bigint | undefined
  /** The pending block's logs that match, in the order it would mine them. */
  pendingLogs(criteria: LogMatchCriteria): Promise<Log[]>
}

/** Why a log query has no answer (the RPC layer words each one as geth and Infura do). */
export type LogQueryRefusal =
  | { status: 'tooManyParameters'; count: number; limit: number }
  | { status: 'tooManyResults'; limit: number; suggestedRange: { from: bigint; to: bigint } | undefined }
  | { status: 'timeout' }
  | { status: 'unknownBlock' }
  | { status: 'invalidRange' }
  | { status: 'beyondHead' }

/** A log query's answer: canonical logs of the range, then the pending ones (for a range ending at `pending`). */
export type LogQueryResult = { status: 'ok'; canonical: PositionedLog[]; pending: Log[] } | LogQueryRefusal

/** A filter's range against the current head: canonical numbers, and whether the pending block is in it. */
type ResolvedRange = { status: 'ok'; from: bigint; to: bigint; canonical: boolean; pending: boolean }

export interface LogQueryOptions {
  /** An end past the head is cut at the head (an installed filter's range may end in the future). */
  clampToHead?: boolean
}

/**
 * The one log query (eth_getLogs, eth_getFilterLogs): the parameter limit first (the count alone decides,
 * before anything is scanned), then the range with geth's checks, then the pending logs, then the canonical
 * logs under the result limit and the deadline; the index counts before it builds anything.
 */
export async function queryLogs(
  source: LogSource,
  filter: LogFilter,
  limits: LogLimits,
  options: LogQueryOptions = {},
): Promise<LogQueryResult> {
  const refused = parameterRefusal(filter, limits)
  if (refused) return refused
  const range = resolveRange(source, filter, options)
  if (range.status !== 'ok') return range
  // Pending logs count toward the result limit, so they are gathered first.
  const pending = range.pending ? await source.pendingLogs(filter) : []
  if (!range.canonical) return { status: 'ok', canonical: [], pending }
  const room = limits.maxLogResults - pending.length
  if (room < 0) return { status: 'tooManyResults', limit: limits.maxLogResults, suggestedRange: undefined }
  const result = source.index.query(
    { fromBlock: range.from, toBlock: range.to, addresses: filter.addresses, topics: filter.topics },
    { limit: room, deadline: performance.now() + limits.queryTimeoutMs },
  )
  switch (result.status) {
    case 'ok':
      return { status: 'ok', canonical: result.logs, pending }
    case 'timeout':
      return result
    case 'tooManyResults':
      return { status: 'tooManyResults', limit: limits.maxLogResults, suggestedRange: result.suggestedRange }
  }
}

/** The parameter limit: every address and topic value, OR alternatives included, counts. */
export function parameterRefusal(criteria: LogMatchCriteria, limits: LogLimits): LogQueryRefusal | undefined {
  const count = countCriteriaParameters(criteria)
  return count > limits.maxLogParams ? { status: 'tooManyParameters', count, limit: limits.maxLogParams } : undefined
}

/**
 * Whether eth_newFilter may install `filter`: a block hash must be known (canonical or not), `fromBlock:
 * pending` needs `toBlock: pending`, and a range whose end is fixed may not end before it starts once tags
 * are resolved now. An end that moves with the chain (latest, safe, finalized, pending) may lie in the future.
 */
export function installRefusal(
  source: LogSource,
  filter: LogFilter,
  isKnownBlock: (hash: Uint8Array) => boolean,
): LogQueryRefusal | undefined {
  if (filter.blockHash) return isKnownBlock(filter.blockHash) ? undefined : { status: 'unknownBlock' }
  if (filter.fromBlock === 'pending') return filter.toBlock === 'pending' ? undefined : { status: 'invalidRange' }
  const fixedEnd = typeof filter.toBlock === 'bigint' || filter.toBlock === 'earliest'
  if (!fixedEnd) return undefined
  const resolve = (selector: LogFilter['fromBlock']) => (typeof selector === 'bigint' ? selector : source.tagNumber(selector))
  return resolve(filter.fromBlock) > resolve(filter.toBlock) ? { status: 'invalidRange' } : undefined
}

/**
 * A filter's bounds against the current head, with geth's range checks: a block hash names one canonical
 * block; `fromBlock: pending` needs `toBlock: pending` (pending logs only); a reversed range or an end past the
 * head is refused, unless `clampToHead` cuts it there.
 */
function resolveRange(source: LogSource, filter: LogFilter, options: LogQueryOptions): ResolvedRange | LogQueryRefusal {
  if (filter.blockHash) {
    const number = source.canonicalNumberOf(filter.blockHash)
    if (number === undefined) return { status: 'unknownBlock' }
    return { status: 'ok', from: number, to: number, canonical: true, pending: false }
  }
  const head = source.head
  if (filter.fromBlock === 'pending') {
    if (filter.toBlock !== 'pending') return { status: 'invalidRange' }
    return { status: 'ok', from: head + 1n, to: head, canonical: false, pending: true }
  }
  const from = typeof filter.fromBlock === 'bigint' ? filter.fromBlock : source.tagNumber(filter.fromBlock)
  const pending = filter.toBlock === 'pending'
  const requestedTo = pending ? head : typeof filter.toBlock === 'bigint' ? filter.toBlock : source.tagNumber(filter.toBlock)
  if (from > requestedTo) return { status: 'invalidRange' }
  if (requestedTo > head && !options.clampToHead) return { status: 'beyondHead' }
  const to = requestedTo > head ? head : requestedTo
  // Only a clamped range can start past the head: none of its blocks exists yet.
  return { status: 'ok', from, to, canonical: from <= to, pending }
}
