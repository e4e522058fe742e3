import type { BlockTag } from '../chain/types.ts'
import type { Log } from '../evm/types.ts'
import { countCriteriaParameters, largestCriteriaPosition } from './countCriteriaParameters.ts'
import type { LogIndex } from './logIndex.ts'
import type { LogFilter, LogMatchCriteria, OlderLogs, PositionedLog } from './types.ts'

/**
 * A network's eth_getLogs limits: its provider profile's (src/rpc/providers/), key by key. A cap that is absent
 * is no cap (geth has none of them).
 */
export interface LogLimits {
  /** Most results one query answers; one more is refused (Infura: 10,000). */
  maxLogResults?: number
  /**
   * Ranges at most this wide (`toBlock − fromBlock`) are answered whatever their result count; the result cap
   * holds beyond (Alchemy: "up to a 2K block range and no limit on the response size, or any block range with
   * a cap of 10K logs").
   */
  uncappedBlockRange?: number
  /** The widest range answered, `toBlock − fromBlock` (QuickNode: 10,000). */
  maxBlockRange?: number
  /** The deadline of one query, checked while scanning (Infura: 10 s). */
  queryTimeoutMs?: number
  /** Most parameters: addresses plus every topic value, OR alternatives included (Infura: 5,000). */
  maxLogParams?: number
  /** Most values in one position: the addresses, or one topic position's alternatives (geth: 1,000). */
  maxParamsPerPosition?: number
}

/** Infura's limits: chainsim's default. */
export const DEFAULT_LOG_LIMITS: LogLimits = { maxLogResults: 10_000, queryTimeoutMs: 10_000, maxLogParams: 5_000 }

/** An inclusive range of block numbers. */
export interface BlockRange {
  from: bigint
  to: bigint
}

/** What a log query reads: the canonical chain's log index, its head and tags, and the pending block. */
export interface LogSource {
  index: LogIndex
  head: bigint
  tagNumber(tag: BlockTag): bigint
  /** The number of a canonical block by hash; `undefined` for an unknown or orphaned one. */
  canonicalNumberOf(hash: Uint8Array): bigint | undefined
  /** The pending block's logs that match, in the order it would mine them. */
  pendingLogs(criteria: LogMatchCriteria): Promise<Log[]>
  /** Logs of the blocks up to the chain's first, held elsewhere (a fork's upstream). */
  olderLogs?: OlderLogs
}

/**
 * Why a log query has no answer (the RPC layer words each one as the network's provider does). A refusal of a
 * range names the range as it was resolved (`requested`), for providers whose words repeat it.
 */
export type LogQueryRefusal =
  | { status: 'tooManyParameters'; count: number; limit: number; perPosition: boolean }
  | { status: 'rangeTooWide'; limit: number; requested: BlockRange }
  | { status: 'tooManyResults'; limit: number; requested: BlockRange; suggestedRange: BlockRange | undefined }
  | { status: 'timeout'; requested: BlockRange }
  | { status: 'unknownBlock' }
  | { status: 'invalidRange' }
  | { status: 'beyondHead' }

/**
 * A log query's answer: canonical logs of the range, then the pending ones (for a range ending at `pending`),
 * and the canonical range it covered (for limits the RPC layer applies to the answer: its size).
 */
export type LogQueryResult = { status: 'ok'; canonical: PositionedLog[]; pending: Log[]; requested: BlockRange } | LogQueryRefusal

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
export async function queryLogs(source: LogSource, filter: LogFilter, limits: LogLimits, options: LogQueryOptions = {}): Promise<LogQueryResult> {
  const refused = parameterRefusal(filter, limits)
  if (refused) return refused
  const range = resolveRange(source, filter, options)
  if (range.status !== 'ok') return range
  const requested = { from: range.from, to: range.to }
  const width = range.to - range.from
  if (range.canonical && limits.maxBlockRange !== undefined && width > BigInt(limits.maxBlockRange)) {
    return { status: 'rangeTooWide', limit: limits.maxBlockRange, requested }
  }
  // Pending logs count toward the result limit, so they are gathered first.
  const pending = range.pending ? await source.pendingLogs(filter) : []
  if (!range.canonical) return { status: 'ok', canonical: [], pending, requested }
  const uncapped = limits.uncappedBlockRange !== undefined && width <= BigInt(limits.uncappedBlockRange)
  const limit = uncapped ? Infinity : (limits.maxLogResults ?? Infinity)
  const room = limit - pending.length
  if (room < 0) return { status: 'tooManyResults', limit, requested, suggestedRange: undefined }
  // A range reaching below the chain's first block takes those blocks' logs from where they are held; they
  // count toward the one limit, and a range that does not fit is suggested over both parts.
  const older = source.olderLogs
  let from = range.from
  let olderLogs: PositionedLog[] = []
  if (older && from <= older.last) {
    olderLogs = await older.logs(filter, from, range.to < older.last ? range.to : older.last)
    if (olderLogs.length > room) {
      return { status: 'tooManyResults', limit, requested, suggestedRange: rangeThatFits(olderLogs, room, range.from) }
    }
    if (range.to <= older.last) return { status: 'ok', canonical: olderLogs, pending, requested }
    from = older.last + 1n
  }
  const timeout = limits.queryTimeoutMs
  const result = source.index.query(
    { fromBlock: from, toBlock: range.to, addresses: filter.addresses, topics: filter.topics },
    { limit: room - olderLogs.length, deadline: timeout === undefined ? Infinity : performance.now() + timeout },
  )
  switch (result.status) {
    case 'ok':
      return { status: 'ok', canonical: olderLogs.length > 0 ? [...olderLogs, ...result.logs] : result.logs, pending, requested }
    case 'timeout':
      return { status: 'timeout', requested }
    case 'tooManyResults': {
      // Past the older part, the widest fitting range still starts at the query's first block.
      const suggestedRange = from === range.from ? result.suggestedRange : { from: range.from, to: result.suggestedRange?.to ?? from - 1n }
      return { status: 'tooManyResults', limit, requested, suggestedRange }
    }
  }
}

/** The widest range from `from` whose logs (in chain order) number at most `room`; undefined if `from`'s own do not fit. */
function rangeThatFits(logs: readonly PositionedLog[], room: number, from: bigint): BlockRange | undefined {
  const firstLeftOut = (logs[room] as PositionedLog).blockNumber
  return firstLeftOut > from ? { from, to: firstLeftOut - 1n } : undefined
}

/**
 * The parameter limits: every address and topic value, OR alternatives included, counts toward the total; the
 * addresses, or one topic position's values, toward the per-position cap.
 */
export function parameterRefusal(criteria: LogMatchCriteria, limits: LogLimits): LogQueryRefusal | undefined {
  return parameterCountRefusal({ count: countCriteriaParameters(criteria), largestPosition: largestCriteriaPosition(criteria) }, limits)
}

/** The parameter limits applied to counts already made (of a filter as it came over the wire, say). */
export function parameterCountRefusal(counts: { count: number; largestPosition: number }, limits: LogLimits): LogQueryRefusal | undefined {
  const { maxLogParams, maxParamsPerPosition } = limits
  if (maxLogParams !== undefined && counts.count > maxLogParams) {
    return { status: 'tooManyParameters', count: counts.count, limit: maxLogParams, perPosition: false }
  }
  if (maxParamsPerPosition !== undefined && counts.largestPosition > maxParamsPerPosition) {
    return { status: 'tooManyParameters', count: counts.largestPosition, limit: maxParamsPerPosition, perPosition: true }
  }
  return undefined
}

/**
 * Whether eth_newFilter may install `filter`: a block hash must be known (canonical or not), `fromBlock:
 * pending` needs `toBlock: pending`, and a range whose end is fixed may not end before it starts once tags
 * are resolved now. An end that moves with the chain (latest, safe, finalized, pending) may lie in the future.
 */
export function installRefusal(source: LogSource, filter: LogFilter, isKnownBlock: (hash: Uint8Array) => boolean): LogQueryRefusal | undefined {
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
