import type { Chain } from '../chain/chain.ts'
import type { ChainBlock } from '../chain/types.ts'
import type { ReorgEvent } from '../chain/events.ts'
import { keyOf } from '../evm/index.ts'
import type { Log, SignedTransaction } from '../evm/index.ts'
import { matchesCriteria } from '../logs/index.ts'
import type { LogFilter, LogIndex, LogQueryRefusal, PositionedLog } from '../logs/index.ts'
import { logsOfBlock } from './blockLogs.ts'
import { chainStepsSince } from './chainHistory.ts'
import { FilterNotFound, TooManyFilters } from './errors.ts'
import type { ChainStep, ReorgRecord } from './chainHistory.ts'
import type { FilterChanges, FilterKind, LogChange } from './types.ts'

/** The logs of the pending block, transaction by transaction. */
export type PendingLogs = ReadonlyArray<{ transactionHash: string; logs: readonly Log[] }>

/** Where a filter's pending logs come from: the pending block. */
export type PendingLogSource = () => Promise<PendingLogs>

/** What a network's clients see of its filters: installing, polling, listing (never its chain events). */
export type NetworkFilters = Pick<
  FilterManager,
  'newLogFilter' | 'newBlockFilter' | 'newPendingTransactionFilter' | 'changes' | 'describe' | 'uninstall' | 'list' | 'size'
>

export interface FilterManagerOptions {
  /** The chain followed first; `follow` moves to another. */
  chain: Chain
  logs: LogIndex
  pendingLogs: PendingLogSource
  /** Why a log filter cannot be installed (geth's checks of its range and block hash), if it cannot. */
  installRefusal: (criteria: LogFilter) => LogQueryRefusal | undefined
  /** A filter not polled for this long is uninstalled (geth's default is 5 minutes). */
  timeoutMs: number
  /** The clock expiry is measured on (injected in tests). */
  now?: () => number
  /** At most this many filters at once on the network (-32005 past it). */
  maxFilters?: number
  /**
   * At most this many changes wait for one filter's next poll; past it the filter is uninstalled, and that
   * poll gets -32000 "filter not found", on which clients re-create it (never a silent loss).
   */
  maxChanges?: number
}

interface FilterBase {
  id: string
  installedAt: number
  lastPoll: number
}

/** An installed filter as an explorer lists it: what it watches, when it was polled, what waits for its next poll. */
export interface FilterSummary {
  id: string
  kind: FilterKind
  criteria?: LogFilter
  installedAt: number
  lastPolledAt: number
  expiresAt: number
  /** Changes its next poll would return (pending logs not counted), at most the filter's limit + 1. */
  waiting: number
}

/** Log and block filters pull what changed since their cursor (the head when they were last polled). */
interface CursorFilter extends FilterBase {
  cursor: bigint
  /** Position in the reorg journal up to which this filter is current. */
  journalPosition: number
}

interface InstalledLogFilter extends CursorFilter {
  kind: 'log'
  criteria: LogFilter
  /** Pending logs already reported, by transaction hash and index, so each is reported once. */
  reportedPending: Set<string>
  /**
   * Pending logs of transactions mined since the last poll, kept for it: they were pending all the same.
   * Each batch was seen on top of block `head`, so the poll reports it before the block after `head`.
   */
  seenPending: Array<{ head: bigint; changes: LogChange[] }>
}

interface InstalledBlockFilter extends CursorFilter {
  kind: 'block'
}

interface InstalledPendingTransactionFilter extends FilterBase {
  kind: 'pendingTransaction'
  hashes: Uint8Array[]
}

type Filter = InstalledLogFilter | InstalledBlockFilter | InstalledPendingTransactionFilter

const UNBOUNDED = 2n ** 64n

/** Enough for any real client; a runaway one is stopped before it exhausts memory. */
export const DEFAULT_MAX_FILTERS = 10_000

/** Changes one filter may hold between two polls. */
export const DEFAULT_MAX_FILTER_CHANGES = 10_000

/**
 * Filters (eth_newFilter, eth_newBlockFilter, eth_newPendingTransactionFilter) that report
 * only what happened after they were installed (geth's rule), drained by each poll.
 *
 * A poll returns every event since the last one, in the order the events happened, never merged
 * (geth appends each event to a filter's buffer): a log mined and orphaned between two polls comes
 * back added, then removed. Log and block filters get there by pulling, not by buffering: each keeps
 * a cursor and a position in a journal of reorgs, and a poll replays what happened since
 * (chainStepsSince), reading blocks that are still canonical from the log index. So a poll costs what
 * changed for that filter, not the chain's length nor the number of filters, and a new block costs
 * nothing per filter.
 */
export class FilterManager {
  private readonly filters = new Map<string, Filter>()
  private readonly journal: ReorgRecord[] = []
  /** Journal entries before this position have been read by every filter and are dropped. */
  private journalBase = 0
  private nextId = 1
  private readonly now: () => number
  private readonly maxChanges: number
  private readonly sweepTimer: NodeJS.Timeout
  private chain: Chain
  private readonly onReorged = (event: ReorgEvent) => this.recordReorg(event)

  constructor(private readonly options: FilterManagerOptions) {
    this.now = options.now ?? Date.now
    this.maxChanges = options.maxChanges ?? DEFAULT_MAX_FILTER_CHANGES
    this.chain = options.chain
    this.chain.events.on('reorged', this.onReorged)
    // Expired filters are refused on access; the sweep only frees their memory.
    this.sweepTimer = setInterval(() => this.sweep(), Math.min(options.timeoutMs, 60_000))
    this.sweepTimer.unref()
  }

  get size(): number {
    return this.filters.size
  }

  /**
   * Follows `chain` from now on, in place of the one followed so far, which the node has just taken back to
   * its genesis: a filter's next poll replays what happened on the old chain (every block it left, removed),
   * then reports `chain`'s blocks above genesis as joined. The log index already holds `chain`'s logs.
   */
  follow(chain: Chain): void {
    this.chain.events.off('reorged', this.onReorged)
    this.chain = chain
    chain.events.on('reorged', this.onReorged)
  }

  /** eth_newFilter: installs a log filter whose changes start after the current head; or why it cannot be. */
  newLogFilter(criteria: LogFilter): { id: string } | LogQueryRefusal {
    const refused = this.options.installRefusal(criteria)
    if (refused) return refused
    const id = this.install((id) => ({
      kind: 'log',
      id,
      installedAt: this.now(),
      lastPoll: this.now(),
      cursor: this.chain.head.number,
      journalPosition: this.journalEnd,
      criteria,
      reportedPending: new Set(),
      seenPending: [],
    }))
    return { id }
  }

  newBlockFilter(): string {
    return this.install((id) => ({
      kind: 'block',
      id,
      installedAt: this.now(),
      lastPoll: this.now(),
      cursor: this.chain.head.number,
      journalPosition: this.journalEnd,
    }))
  }

  newPendingTransactionFilter(): string {
    return this.install((id) => ({ kind: 'pendingTransaction', id, installedAt: this.now(), lastPoll: this.now(), hashes: [] }))
  }

  /** Whether a log filter reports pending logs: only then does the node tell {@link pendingLogsSeen}. */
  get watchesPendingLogs(): boolean {
    for (const filter of this.filters.values()) if (filter.kind === 'log' && filter.criteria.toBlock === 'pending') return true
    return false
  }

  /**
   * The pending block on top of block `head`, about to be mined: each filter ending at `pending` keeps the
   * pending logs it has not reported for its next poll, so a transaction mined before that poll is reported
   * pending, then mined, as when the poll came between. An over-full filter is uninstalled.
   */
  pendingLogsSeen(head: bigint, pending: PendingLogs): void {
    for (const filter of this.filters.values()) {
      if (filter.kind !== 'log' || filter.criteria.toBlock !== 'pending' || this.expired(filter)) continue
      const changes = this.takeNewPending(filter, pending)
      // Every pending transaction leaves the pool now; one that comes back (a reorg's `reinclude: "none"`) is new again.
      filter.reportedPending.clear()
      if (changes.length === 0) continue
      filter.seenPending.push({ head, changes })
      if (countSeenPending(filter) > this.maxChanges) this.filters.delete(filter.id)
    }
  }

  /** Called for each transaction admitted to the pool; an over-full filter is uninstalled. */
  transactionPooled(signed: SignedTransaction): void {
    for (const filter of this.filters.values()) {
      if (filter.kind !== 'pendingTransaction') continue
      if (filter.hashes.length >= this.maxChanges) this.filters.delete(filter.id)
      else filter.hashes.push(signed.hash)
    }
  }

  uninstall(id: string): boolean {
    return this.filters.delete(id)
  }

  /**
   * The kind and criteria of an installed filter (eth_getFilterLogs). Only eth_getFilterChanges
   * counts as a poll for expiry, as in geth.
   */
  describe(id: string): { kind: FilterKind; criteria?: LogFilter } {
    const filter = this.find(id)
    return filter.kind === 'log' ? { kind: 'log', criteria: filter.criteria } : { kind: filter.kind }
  }

  /**
   * Installed filters with ids after `after` (numerically), oldest first, at most `limit`; expired ones are
   * left out. Listing is not a poll: nothing is drained and no expiry moves.
   */
  list(after: bigint, limit: number): FilterSummary[] {
    const found: FilterSummary[] = []
    for (const filter of this.filters.values()) {
      if (found.length >= limit) break
      if (BigInt(filter.id) <= after || this.expired(filter)) continue
      found.push({
        id: filter.id,
        kind: filter.kind,
        ...(filter.kind === 'log' ? { criteria: filter.criteria } : {}),
        installedAt: filter.installedAt,
        lastPolledAt: filter.lastPoll,
        expiresAt: filter.lastPoll + this.options.timeoutMs,
        waiting: this.waitingFor(filter),
      })
    }
    return found
  }

  /** eth_getFilterChanges: what a filter reports since its last poll, by its kind; the poll drains it. */
  async changes(id: string): Promise<FilterChanges> {
    switch (this.find(id).kind) {
      case 'log':
        return { kind: 'log', changes: await this.logChanges(id) }
      case 'block':
        return { kind: 'block', hashes: this.blockChanges(id) }
      case 'pendingTransaction':
        return { kind: 'pendingTransaction', hashes: this.pendingTransactionChanges(id) }
    }
  }

  /**
   * eth_getFilterChanges of a log filter: every matching log that joined or left the chain since the last
   * poll, in the order that happened (a log mined and orphaned in between comes twice), pending logs of
   * transactions mined since before the block that mined them, then new pending logs.
   */
  async logChanges(id: string): Promise<LogChange[]> {
    const filter = this.touch(id)
    if (filter.kind !== 'log') throw new Error(`filter ${id} is a ${filter.kind} filter`)
    const changes = new BoundedChanges<LogChange>(this.maxChanges)
    const { criteria } = filter
    const bounds = this.boundsOf(criteria)
    const seen = filter.seenPending
    filter.seenPending = []
    const pushSeenBefore = (number: bigint) => {
      while (seen.length > 0 && seen[0]!.head < number) for (const change of seen.shift()!.changes) changes.push(change)
    }
    for (const step of this.stepsSince(filter)) {
      if (step.kind === 'block') {
        if (!step.removed) pushSeenBefore(step.block.number)
        for (const log of this.matchingLogsOf(step.block, criteria, bounds)) changes.push({ kind: 'mined', log, removed: step.removed })
      } else {
        // A batch seen on top of block h inside the range goes between h and h + 1.
        let from = step.from
        while (seen.length > 0 && seen[0]!.head < step.to) {
          const { head } = seen[0]!
          if (head >= from) {
            this.pushJoinedLogs(changes, criteria, bounds, from, head)
            from = head + 1n
          }
          pushSeenBefore(head + 1n)
        }
        this.pushJoinedLogs(changes, criteria, bounds, from, step.to)
      }
      if (changes.overflowed) return this.overflow(filter)
    }
    pushSeenBefore(UNBOUNDED)
    if (criteria.toBlock === 'pending') {
      for (const change of this.takeNewPending(filter, await this.options.pendingLogs())) changes.push(change)
    }
    if (changes.overflowed) return this.overflow(filter)
    return changes.items
  }

  /** eth_getFilterChanges of a block filter: the hash of every block that joined the chain since the last poll. */
  blockChanges(id: string): Uint8Array[] {
    const filter = this.touch(id)
    if (filter.kind !== 'block') throw new Error(`filter ${id} is a ${filter.kind} filter`)
    const { chain } = this
    const hashes = new BoundedChanges<Uint8Array>(this.maxChanges)
    for (const step of this.stepsSince(filter)) {
      if (step.kind === 'block') {
        if (!step.removed) hashes.push(step.block.hash)
      } else {
        for (let n = step.from; n <= step.to && !hashes.overflowed; n++) hashes.push((chain.blockByNumber(n) as ChainBlock).hash)
      }
      if (hashes.overflowed) return this.overflow(filter)
    }
    return hashes.items
  }

  /** eth_getFilterChanges of a pending-transaction filter: hashes admitted since the last poll. */
  pendingTransactionChanges(id: string): Uint8Array[] {
    const filter = this.touch(id)
    if (filter.kind !== 'pendingTransaction') throw new Error(`filter ${id} is a ${filter.kind} filter`)
    const hashes = filter.hashes
    filter.hashes = []
    return hashes
  }

  close(): void {
    clearInterval(this.sweepTimer)
    this.filters.clear()
  }

  private install(make: (id: string) => Filter): string {
    const max = this.options.maxFilters ?? DEFAULT_MAX_FILTERS
    if (this.filters.size >= max) this.sweep()
    if (this.filters.size >= max) {
      throw new TooManyFilters(max)
    }
    const id = `0x${(this.nextId++).toString(16)}`
    this.filters.set(id, make(id))
    return id
  }

  /** The filter, with its expiry refreshed (a poll). */
  private touch(id: string): Filter {
    const filter = this.find(id)
    filter.lastPoll = this.now()
    return filter
  }

  /** The filter; an unknown or expired id is -32000 "filter not found". */
  private find(id: string): Filter {
    const filter = this.filters.get(id)
    if (!filter || this.expired(filter)) {
      this.filters.delete(id)
      throw new FilterNotFound(id)
    }
    return filter
  }

  private expired(filter: Filter): boolean {
    return this.now() - filter.lastPoll >= this.options.timeoutMs
  }

  private sweep(): void {
    for (const filter of this.filters.values()) if (this.expired(filter)) this.filters.delete(filter.id)
    this.trimJournal()
  }

  /**
   * The block numbers an installed filter's changes may come from. As in geth, only explicit
   * numbers bound it: a tag (`latest`, `safe`...) follows the chain, so new and removed logs
   * of any block count. `fromBlock: pending` reports pending logs only.
   */
  private boundsOf(criteria: LogFilter): { from: bigint; to: bigint } {
    const none = { from: 1n, to: 0n }
    if (criteria.blockHash) {
      const block = this.chain.blockByHash(criteria.blockHash)
      return block ? { from: block.number, to: block.number } : none
    }
    if (criteria.fromBlock === 'pending') return none
    return {
      from: typeof criteria.fromBlock === 'bigint' ? criteria.fromBlock : 0n,
      to: typeof criteria.toBlock === 'bigint' ? criteria.toBlock : UNBOUNDED,
    }
  }

  /** Logs of `block` that the filter matches, by criteria, bounds and (for a one-block filter) hash. */
  private matchingLogsOf(block: ChainBlock, criteria: LogFilter, bounds: { from: bigint; to: bigint }): PositionedLog[] {
    if (block.logCount === 0 || block.number < bounds.from || block.number > bounds.to) return []
    if (criteria.blockHash && keyOf(criteria.blockHash) !== block.hashKey) return []
    return logsOfBlock(block).filter((log) => matchesCriteria(log, criteria))
  }

  /** Matching logs of canonical blocks `from..to`, from the log index; stops once the filter is over-full. */
  private pushJoinedLogs(changes: BoundedChanges<LogChange>, criteria: LogFilter, bounds: { from: bigint; to: bigint }, from: bigint, to: bigint): void {
    const low = from > bounds.from ? from : bounds.from
    const high = to < bounds.to ? to : bounds.to
    if (low > high) return
    if (criteria.blockHash) {
      // A filter on one block reports it only while it is canonical, never its replacement.
      const block = this.chain.blockByNumber(low) as ChainBlock
      for (const log of this.matchingLogsOf(block, criteria, bounds)) changes.push({ kind: 'mined', log, removed: false })
      return
    }
    const result = this.options.logs.query({ fromBlock: low, toBlock: high, addresses: criteria.addresses, topics: criteria.topics }, { limit: changes.room })
    if (result.status !== 'ok') changes.markOverflowed()
    else for (const log of result.logs) changes.push({ kind: 'mined', log, removed: false })
  }

  /** Uninstalls a filter that holds more changes than it may; its poll gets what an unknown id gets. */
  private overflow(filter: Filter): never {
    this.filters.delete(filter.id)
    throw new FilterNotFound(filter.id)
  }

  /** The filter's matching pending logs it has not reported yet, marked reported. */
  private takeNewPending(filter: InstalledLogFilter, pending: PendingLogs): LogChange[] {
    const stillPending = new Set<string>()
    const changes: LogChange[] = []
    for (const { transactionHash, logs } of pending) {
      logs.forEach((log, i) => {
        const key = pendingKey(transactionHash, i)
        stillPending.add(key)
        if (filter.reportedPending.has(key) || !matchesCriteria(log, filter.criteria)) return
        filter.reportedPending.add(key)
        changes.push({ kind: 'pending', log })
      })
    }
    for (const key of filter.reportedPending) if (!stillPending.has(key)) filter.reportedPending.delete(key)
    return changes
  }

  /** What the filter's next poll would return, counted without building it (log ranges by the index's count). */
  private waitingFor(filter: Filter): number {
    if (filter.kind === 'pendingTransaction') return filter.hashes.length
    const cap = this.maxChanges + 1
    const reorgs = this.journal.slice(filter.journalPosition - this.journalBase)
    const criteria = filter.kind === 'log' ? filter.criteria : undefined
    const bounds = criteria ? this.boundsOf(criteria) : undefined
    let waiting = filter.kind === 'log' ? countSeenPending(filter) : 0
    for (const step of chainStepsSince(filter.cursor, reorgs, this.chain)) {
      if (waiting >= cap) break
      if (!criteria || !bounds) {
        waiting += step.kind === 'block' ? (step.removed ? 0 : 1) : Number(step.to - step.from + 1n)
      } else if (step.kind === 'block') {
        waiting += this.matchingLogsOf(step.block, criteria, bounds).length
      } else {
        const low = step.from > bounds.from ? step.from : bounds.from
        const high = step.to < bounds.to ? step.to : bounds.to
        if (low > high) continue
        waiting += criteria.blockHash
          ? this.matchingLogsOf(this.chain.blockByNumber(low) as ChainBlock, criteria, bounds).length
          : this.options.logs.count({ fromBlock: low, toBlock: high, addresses: criteria.addresses, topics: criteria.topics }, cap - waiting)
      }
    }
    return Math.min(waiting, cap)
  }

  private get journalEnd(): number {
    return this.journalBase + this.journal.length
  }

  private recordReorg(event: ReorgEvent): void {
    this.journal.push({ ancestor: event.commonAncestor, removed: event.removed, chain: this.chain })
    this.trimJournal()
  }

  /** What happened since the filter's last poll, oldest first; moves its cursor and journal position to now. */
  private stepsSince(filter: CursorFilter): Generator<ChainStep> {
    const reorgs = this.journal.slice(filter.journalPosition - this.journalBase)
    const steps = chainStepsSince(filter.cursor, reorgs, this.chain)
    filter.journalPosition = this.journalEnd
    filter.cursor = this.chain.head.number
    return steps
  }

  private trimJournal(): void {
    let oldest = this.journalEnd
    for (const filter of this.filters.values()) {
      if (filter.kind !== 'pendingTransaction' && filter.journalPosition < oldest) oldest = filter.journalPosition
    }
    this.journal.splice(0, oldest - this.journalBase)
    this.journalBase = oldest
  }
}

/** A pending log's identity: its transaction and its index there. */
function pendingKey(transactionHash: string, index: number): string {
  return `${transactionHash}:${index}`
}

function countSeenPending(filter: InstalledLogFilter): number {
  return filter.seenPending.reduce((sum, batch) => sum + batch.changes.length, 0)
}

/** Changes gathered for one poll, up to a filter's limit; one more marks the filter over-full. */
class BoundedChanges<T> {
  readonly items: T[] = []
  private full = false

  constructor(private readonly max: number) {}

  get overflowed(): boolean {
    return this.full
  }

  /** How many more changes fit. */
  get room(): number {
    return this.max - this.items.length
  }

  push(item: T): void {
    if (this.items.length >= this.max) this.full = true
    else this.items.push(item)
  }

  markOverflowed(): void {
    this.full = true
  }
}
