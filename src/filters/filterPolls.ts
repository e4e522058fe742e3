import type { ChainBlock } from '../chain/types.ts'
import { keyOf } from '../evm/index.ts'
import type { Log } from '../evm/index.ts'
import { matchesCriteria } from '../logs/index.ts'
import type { LogFilter, LogIndex, PositionedLog } from '../logs/index.ts'
import { logsOfBlock } from './blockLogs.ts'
import type { ChainStep } from './chainHistory.ts'
import { FilterNotFound } from './errors.ts'
import type { CursorFilter, Filter, FilterRegistry, InstalledBlockFilter, InstalledLogFilter, InstalledPendingTransactionFilter } from './filterRegistry.ts'
import type { ReorgJournal } from './reorgJournal.ts'
import type { LogChange } from './types.ts'

/** The logs of the pending block, transaction by transaction. */
export type PendingLogs = ReadonlyArray<{ transactionHash: string; logs: readonly Log[] }>

/** Where a filter's pending logs come from: the pending block. */
export type PendingLogSource = () => Promise<PendingLogs>

/** Changes one filter may hold between two polls. */
export const DEFAULT_MAX_FILTER_CHANGES = 10_000

const UNBOUNDED = 2n ** 64n

export interface FilterPollsOptions {
  registry: FilterRegistry
  journal: ReorgJournal
  logs: LogIndex
  pendingLogs: PendingLogSource
  /** At most this many changes wait for one filter's next poll; past it the filter is uninstalled. */
  maxChanges: number
}

/**
 * What a poll of an installed filter returns, by its kind, computed from what happened since its last poll:
 * its cursor and journal position replayed (chainStepsSince), blocks still canonical read from the log index,
 * orphaned ones from the blocks themselves; and what waits for its next poll, counted without building it.
 * A filter that would hold more than its limit is uninstalled, and its poll gets what an unknown id gets.
 */
export class FilterPolls {
  constructor(private readonly options: FilterPollsOptions) {}

  /**
   * A log filter's poll: every matching log that joined or left the chain since the last poll, in the order
   * that happened (a log mined and orphaned in between comes twice), pending logs of transactions mined since
   * before the block that mined them, then new pending logs.
   */
  async logChanges(filter: InstalledLogFilter): Promise<LogChange[]> {
    const changes = new BoundedChanges<LogChange>(this.options.maxChanges)
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

  /** A block filter's poll: the hash of every block that joined the chain since the last poll. */
  blockChanges(filter: InstalledBlockFilter): Uint8Array[] {
    const { chain } = this.options.journal
    const hashes = new BoundedChanges<Uint8Array>(this.options.maxChanges)
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

  /** A pending-transaction filter's poll: hashes admitted since the last poll. */
  pendingTransactionChanges(filter: InstalledPendingTransactionFilter): Uint8Array[] {
    const hashes = filter.hashes
    filter.hashes = []
    return hashes
  }

  /** The filter's matching pending logs it has not reported yet, marked reported. */
  takeNewPending(filter: InstalledLogFilter, pending: PendingLogs): LogChange[] {
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
  waitingFor(filter: Filter): number {
    if (filter.kind === 'pendingTransaction') return filter.hashes.length
    const { chain } = this.options.journal
    const cap = this.options.maxChanges + 1
    const criteria = filter.kind === 'log' ? filter.criteria : undefined
    const bounds = criteria ? this.boundsOf(criteria) : undefined
    let waiting = filter.kind === 'log' ? countSeenPending(filter) : 0
    for (const step of this.options.journal.stepsSince(filter.cursor, filter.journalPosition)) {
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
          ? this.matchingLogsOf(chain.blockByNumber(low) as ChainBlock, criteria, bounds).length
          : this.options.logs.count({ fromBlock: low, toBlock: high, addresses: criteria.addresses, topics: criteria.topics }, cap - waiting)
      }
    }
    return Math.min(waiting, cap)
  }

  /**
   * The block numbers an installed filter's changes may come from. As in geth, only explicit
   * numbers bound it: a tag (`latest`, `safe`...) follows the chain, so new and removed logs
   * of any block count. `fromBlock: pending` reports pending logs only.
   */
  private boundsOf(criteria: LogFilter): { from: bigint; to: bigint } {
    const none = { from: 1n, to: 0n }
    if (criteria.blockHash) {
      const block = this.options.journal.chain.blockByHash(criteria.blockHash)
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
      const block = this.options.journal.chain.blockByNumber(low) as ChainBlock
      for (const log of this.matchingLogsOf(block, criteria, bounds)) changes.push({ kind: 'mined', log, removed: false })
      return
    }
    const result = this.options.logs.query({ fromBlock: low, toBlock: high, addresses: criteria.addresses, topics: criteria.topics }, { limit: changes.room })
    if (result.status !== 'ok') changes.markOverflowed()
    else for (const log of result.logs) changes.push({ kind: 'mined', log, removed: false })
  }

  /** Uninstalls a filter that holds more changes than it may; its poll gets what an unknown id gets. */
  private overflow(filter: Filter): never {
    this.options.registry.uninstall(filter.id)
    throw new FilterNotFound(filter.id)
  }

  /** What happened since the filter's last poll, oldest first; moves its cursor and journal position to now. */
  private stepsSince(filter: CursorFilter): Generator<ChainStep> {
    const { journal } = this.options
    const steps = journal.stepsSince(filter.cursor, filter.journalPosition)
    filter.journalPosition = journal.end
    filter.cursor = journal.chain.head.number
    return steps
  }
}

/** A pending log's identity: its transaction and its index there. */
function pendingKey(transactionHash: string, index: number): string {
  return `${transactionHash}:${index}`
}

/** Pending logs a log filter keeps for its next poll, from transactions mined since the last one. */
export function countSeenPending(filter: InstalledLogFilter): number {
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
