import type { Chain } from '../chain/chain.ts'
import type { SignedTransaction } from '../evm/index.ts'
import type { LogFilter, LogIndex, LogQueryRefusal } from '../logs/index.ts'
import { countSeenPending, DEFAULT_MAX_FILTER_CHANGES, FilterPolls } from './filterPolls.ts'
import type { PendingLogs, PendingLogSource } from './filterPolls.ts'
import { DEFAULT_MAX_FILTERS, FilterRegistry } from './filterRegistry.ts'
import { ReorgJournal } from './reorgJournal.ts'
import type { FilterChanges, FilterKind, LogChange } from './types.ts'

export type { PendingLogs, PendingLogSource } from './filterPolls.ts'
export { DEFAULT_MAX_FILTER_CHANGES } from './filterPolls.ts'
export { DEFAULT_MAX_FILTERS } from './filterRegistry.ts'

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
 *
 * The node's one way in to its filters, over three parts with one job each: the installed filters
 * (`FilterRegistry`), the reorgs they have yet to read (`ReorgJournal`), and what a poll returns (`FilterPolls`).
 */
export class FilterManager {
  private readonly registry: FilterRegistry
  private readonly journal: ReorgJournal
  private readonly polls: FilterPolls
  private readonly now: () => number
  private readonly maxChanges: number

  constructor(private readonly options: FilterManagerOptions) {
    this.now = options.now ?? Date.now
    this.maxChanges = options.maxChanges ?? DEFAULT_MAX_FILTER_CHANGES
    this.journal = new ReorgJournal(options.chain, () => this.registry.oldestJournalPosition())
    this.registry = new FilterRegistry({
      timeoutMs: options.timeoutMs,
      now: this.now,
      maxFilters: options.maxFilters ?? DEFAULT_MAX_FILTERS,
      onSwept: () => this.journal.trim(),
    })
    this.polls = new FilterPolls({
      registry: this.registry,
      journal: this.journal,
      logs: options.logs,
      pendingLogs: options.pendingLogs,
      maxChanges: this.maxChanges,
    })
  }

  get size(): number {
    return this.registry.size
  }

  /**
   * Follows `chain` from now on, in place of the one followed so far, which the node has just taken back to
   * its genesis: a filter's next poll replays what happened on the old chain (every block it left, removed),
   * then reports `chain`'s blocks above genesis as joined. The log index already holds `chain`'s logs.
   */
  follow(chain: Chain): void {
    this.journal.follow(chain)
  }

  /** eth_newFilter: installs a log filter whose changes start after the current head; or why it cannot be. */
  newLogFilter(criteria: LogFilter): { id: string } | LogQueryRefusal {
    const refused = this.options.installRefusal(criteria)
    if (refused) return refused
    const id = this.registry.install((id) => ({
      kind: 'log',
      id,
      installedAt: this.now(),
      lastPoll: this.now(),
      cursor: this.journal.chain.head.number,
      journalPosition: this.journal.end,
      criteria,
      reportedPending: new Set(),
      seenPending: [],
    }))
    return { id }
  }

  newBlockFilter(): string {
    return this.registry.install((id) => ({
      kind: 'block',
      id,
      installedAt: this.now(),
      lastPoll: this.now(),
      cursor: this.journal.chain.head.number,
      journalPosition: this.journal.end,
    }))
  }

  newPendingTransactionFilter(): string {
    return this.registry.install((id) => ({ kind: 'pendingTransaction', id, installedAt: this.now(), lastPoll: this.now(), hashes: [] }))
  }

  /** Whether a log filter reports pending logs: only then does the node tell {@link pendingLogsSeen}. */
  get watchesPendingLogs(): boolean {
    for (const filter of this.registry.values()) if (filter.kind === 'log' && filter.criteria.toBlock === 'pending') return true
    return false
  }

  /**
   * The pending block on top of block `head`, about to be mined: each filter ending at `pending` keeps the
   * pending logs it has not reported for its next poll, so a transaction mined before that poll is reported
   * pending, then mined, as when the poll came between. An over-full filter is uninstalled.
   */
  pendingLogsSeen(head: bigint, pending: PendingLogs): void {
    for (const filter of this.registry.values()) {
      if (filter.kind !== 'log' || filter.criteria.toBlock !== 'pending' || this.registry.expired(filter)) continue
      const changes = this.polls.takeNewPending(filter, pending)
      // Every pending transaction leaves the pool now; one that comes back (a reorg's `reinclude: "none"`) is new again.
      filter.reportedPending.clear()
      if (changes.length === 0) continue
      filter.seenPending.push({ head, changes })
      if (countSeenPending(filter) > this.maxChanges) this.registry.uninstall(filter.id)
    }
  }

  /** Called for each transaction admitted to the pool; an over-full filter is uninstalled. */
  transactionPooled(signed: SignedTransaction): void {
    for (const filter of this.registry.values()) {
      if (filter.kind !== 'pendingTransaction') continue
      if (filter.hashes.length >= this.maxChanges) this.registry.uninstall(filter.id)
      else filter.hashes.push(signed.hash)
    }
  }

  uninstall(id: string): boolean {
    return this.registry.uninstall(id)
  }

  /**
   * The kind and criteria of an installed filter (eth_getFilterLogs). Only eth_getFilterChanges
   * counts as a poll for expiry, as in geth.
   */
  describe(id: string): { kind: FilterKind; criteria?: LogFilter } {
    const filter = this.registry.find(id)
    return filter.kind === 'log' ? { kind: 'log', criteria: filter.criteria } : { kind: filter.kind }
  }

  /**
   * Installed filters with ids after `after` (numerically), oldest first, at most `limit`; expired ones are
   * left out. Listing is not a poll: nothing is drained and no expiry moves.
   */
  list(after: bigint, limit: number): FilterSummary[] {
    const found: FilterSummary[] = []
    for (const filter of this.registry.values()) {
      if (found.length >= limit) break
      if (BigInt(filter.id) <= after || this.registry.expired(filter)) continue
      found.push({
        id: filter.id,
        kind: filter.kind,
        ...(filter.kind === 'log' ? { criteria: filter.criteria } : {}),
        installedAt: filter.installedAt,
        lastPolledAt: filter.lastPoll,
        expiresAt: this.registry.expiresAt(filter),
        waiting: this.polls.waitingFor(filter),
      })
    }
    return found
  }

  /** eth_getFilterChanges: what a filter reports since its last poll, by its kind; the poll drains it. */
  async changes(id: string): Promise<FilterChanges> {
    switch (this.registry.find(id).kind) {
      case 'log':
        return { kind: 'log', changes: await this.logChanges(id) }
      case 'block':
        return { kind: 'block', hashes: this.blockChanges(id) }
      case 'pendingTransaction':
        return { kind: 'pendingTransaction', hashes: this.pendingTransactionChanges(id) }
    }
  }

  /** eth_getFilterChanges of a log filter (see {@link FilterPolls.logChanges}). */
  async logChanges(id: string): Promise<LogChange[]> {
    const filter = this.registry.touch(id)
    if (filter.kind !== 'log') throw new Error(`filter ${id} is a ${filter.kind} filter`)
    return this.polls.logChanges(filter)
  }

  /** eth_getFilterChanges of a block filter: the hash of every block that joined the chain since the last poll. */
  blockChanges(id: string): Uint8Array[] {
    const filter = this.registry.touch(id)
    if (filter.kind !== 'block') throw new Error(`filter ${id} is a ${filter.kind} filter`)
    return this.polls.blockChanges(filter)
  }

  /** eth_getFilterChanges of a pending-transaction filter: hashes admitted since the last poll. */
  pendingTransactionChanges(id: string): Uint8Array[] {
    const filter = this.registry.touch(id)
    if (filter.kind !== 'pendingTransaction') throw new Error(`filter ${id} is a ${filter.kind} filter`)
    return this.polls.pendingTransactionChanges(filter)
  }

  close(): void {
    this.registry.close()
  }
}
