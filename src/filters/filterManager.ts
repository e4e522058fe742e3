import type { Chain } from '../chain/chain.ts'
import type { ChainBlock } from '../chain/types.ts'
import type { ReorgEvent } from '../chain/events.ts'
import { LimitExceededError, ServerError } from '../errors.ts'
import { keyOf } from '../evm/index.ts'
import type { Log, SignedTransaction } from '../evm/index.ts'
import { matchesCriteria } from '../logs/index.ts'
import type { LogIndex } from '../logs/index.ts'
import { logsOfBlock } from './blockLogs.ts'
import type { FilterKind, LogChange, LogFilterCriteria } from './types.ts'

/** Where a filter's pending logs come from: the pending block, transaction by transaction. */
export type PendingLogSource = () => Promise<ReadonlyArray<{ transactionHash: string; logs: readonly Log[] }>>

export interface FilterManagerOptions {
  chain: Chain
  logs: LogIndex
  pendingLogs: PendingLogSource
  /** A filter not polled for this long is uninstalled (geth's default is 5 minutes). */
  timeoutMs: number
  /** The clock expiry is measured on (injected in tests). */
  now?: () => number
  /** At most this many filters at once on the network (-32005 past it). */
  maxFilters?: number
}

interface FilterBase {
  id: string
  lastPoll: number
}

/** Log and block filters pull what changed since their cursor (the last block they reported). */
interface CursorFilter extends FilterBase {
  cursor: bigint
  /** Position in the reorg journal up to which this filter is current. */
  journalPosition: number
}

interface LogFilter extends CursorFilter {
  kind: 'log'
  criteria: LogFilterCriteria
  /** Pending logs already reported, by transaction hash and index, so each is reported once. */
  reportedPending: Set<string>
}

interface BlockFilter extends CursorFilter {
  kind: 'block'
}

interface PendingTransactionFilter extends FilterBase {
  kind: 'pendingTransaction'
  hashes: Uint8Array[]
}

type Filter = LogFilter | BlockFilter | PendingTransactionFilter

const UNBOUNDED = 2n ** 64n

/** Enough for any real client; a runaway one is stopped before it exhausts memory. */
export const DEFAULT_MAX_FILTERS = 10_000

interface JournalEntry {
  ancestorNumber: bigint
  removed: ChainBlock[]
}

/**
 * Filters (eth_newFilter, eth_newBlockFilter, eth_newPendingTransactionFilter) that report
 * only what happened after they were installed (geth's rule), drained by each poll.
 *
 * Log and block filters are pulled, not pushed: each keeps a cursor, and a poll asks the log
 * index for (cursor, head], after replaying the reorgs recorded since its last poll (removed
 * logs of blocks it had reported, oldest first, then the new branch through the index). So a
 * poll costs what changed for that filter, not the chain's length nor the number of filters,
 * and a new block costs nothing per filter.
 */
export class FilterManager {
  private readonly filters = new Map<string, Filter>()
  private readonly journal: JournalEntry[] = []
  /** Journal entries before this position have been read by every filter and are dropped. */
  private journalBase = 0
  private nextId = 1
  private readonly now: () => number
  private readonly sweepTimer: NodeJS.Timeout

  constructor(private readonly options: FilterManagerOptions) {
    this.now = options.now ?? Date.now
    options.chain.events.on('reorged', (event) => this.recordReorg(event))
    // Expired filters are refused on access; the sweep only frees their memory.
    this.sweepTimer = setInterval(() => this.sweep(), Math.min(options.timeoutMs, 60_000))
    this.sweepTimer.unref()
  }

  get size(): number {
    return this.filters.size
  }

  /** Installs a log filter; its changes start after the current head. */
  newLogFilter(criteria: LogFilterCriteria): string {
    return this.install((id) => ({
      kind: 'log',
      id,
      lastPoll: this.now(),
      cursor: this.options.chain.head.number,
      journalPosition: this.journalEnd,
      criteria,
      reportedPending: new Set(),
    }))
  }

  newBlockFilter(): string {
    return this.install((id) => ({
      kind: 'block',
      id,
      lastPoll: this.now(),
      cursor: this.options.chain.head.number,
      journalPosition: this.journalEnd,
    }))
  }

  newPendingTransactionFilter(): string {
    return this.install((id) => ({ kind: 'pendingTransaction', id, lastPoll: this.now(), hashes: [] }))
  }

  /** Called for each transaction admitted to the pool. */
  transactionPooled(signed: SignedTransaction): void {
    for (const filter of this.filters.values()) {
      if (filter.kind === 'pendingTransaction') filter.hashes.push(signed.hash)
    }
  }

  uninstall(id: string): boolean {
    return this.filters.delete(id)
  }

  /**
   * The kind and criteria of an installed filter (eth_getFilterLogs). Only eth_getFilterChanges
   * counts as a poll for expiry, as in geth.
   */
  describe(id: string): { kind: FilterKind; criteria?: LogFilterCriteria } {
    const filter = this.find(id)
    return filter.kind === 'log' ? { kind: 'log', criteria: filter.criteria } : { kind: filter.kind }
  }

  /** eth_getFilterChanges of a log filter: removed logs, new canonical logs, new pending logs. */
  async logChanges(id: string): Promise<LogChange[]> {
    const filter = this.touch(id)
    if (filter.kind !== 'log') throw new Error(`filter ${id} is a ${filter.kind} filter`)
    const { chain, logs } = this.options
    const changes: LogChange[] = []
    const { criteria } = filter
    const bounds = this.boundsOf(criteria)
    for (const entry of this.reorgsSince(filter)) {
      if (entry.ancestorNumber >= filter.cursor) continue
      for (const block of entry.removed) {
        if (block.number > filter.cursor || block.number < bounds.from || block.number > bounds.to) continue
        if (criteria.blockHash && keyOf(criteria.blockHash) !== block.hashKey) continue
        for (const log of logsOfBlock(block)) {
          if (matchesCriteria(log, criteria)) changes.push({ kind: 'mined', log, removed: true })
        }
      }
      filter.cursor = entry.ancestorNumber
    }
    const head = chain.head.number
    const from = filter.cursor + 1n > bounds.from ? filter.cursor + 1n : bounds.from
    const to = head < bounds.to ? head : bounds.to
    // A filter on one block hash reports that block only while it is canonical, never its replacement.
    const namedBlockGone = criteria.blockHash !== undefined && !this.isCanonicalHash(criteria.blockHash)
    if (from <= to && !namedBlockGone) {
      const result = logs.query({ fromBlock: from, toBlock: to, addresses: criteria.addresses, topics: criteria.topics }, { limit: Number.MAX_SAFE_INTEGER })
      if (result.status === 'ok') for (const log of result.logs) changes.push({ kind: 'mined', log, removed: false })
    }
    filter.cursor = head
    if (criteria.toBlock === 'pending') changes.push(...(await this.newPendingLogs(filter)))
    return changes
  }

  /** eth_getFilterChanges of a block filter: hashes of new canonical blocks, a reorg's new branch included. */
  blockChanges(id: string): Uint8Array[] {
    const filter = this.touch(id)
    if (filter.kind !== 'block') throw new Error(`filter ${id} is a ${filter.kind} filter`)
    for (const entry of this.reorgsSince(filter)) {
      if (entry.ancestorNumber < filter.cursor) filter.cursor = entry.ancestorNumber
    }
    const { chain } = this.options
    const hashes: Uint8Array[] = []
    for (let n = filter.cursor + 1n; n <= chain.head.number; n++) hashes.push((chain.blockByNumber(n) as ChainBlock).hash)
    filter.cursor = chain.head.number
    return hashes
  }

  /** eth_getFilterChanges of a pending-transaction filter: hashes admitted since the last poll. */
  pendingTransactionChanges(id: string): Uint8Array[] {
    const filter = this.touch(id)
    if (filter.kind !== 'pendingTransaction') throw new Error(`filter ${id} is a ${filter.kind} filter`)
    const hashes = filter.hashes
    filter.hashes = []
    return hashes
  }

  kindOf(id: string): FilterKind {
    return this.find(id).kind
  }

  close(): void {
    clearInterval(this.sweepTimer)
    this.filters.clear()
  }

  private install(make: (id: string) => Filter): string {
    const max = this.options.maxFilters ?? DEFAULT_MAX_FILTERS
    if (this.filters.size >= max) this.sweep()
    if (this.filters.size >= max) {
      throw new LimitExceededError(`too many filters: at most ${max} per network; uninstall some or let them expire`)
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
      throw new ServerError('filter not found')
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
  private boundsOf(criteria: LogFilterCriteria): { from: bigint; to: bigint } {
    const none = { from: 1n, to: 0n }
    if (criteria.blockHash) {
      const block = this.options.chain.blockByHash(criteria.blockHash)
      return block ? { from: block.number, to: block.number } : none
    }
    if (criteria.fromBlock === 'pending') return none
    return {
      from: typeof criteria.fromBlock === 'bigint' ? criteria.fromBlock : 0n,
      to: typeof criteria.toBlock === 'bigint' ? criteria.toBlock : UNBOUNDED,
    }
  }

  private isCanonicalHash(hash: Uint8Array): boolean {
    const block = this.options.chain.blockByHash(hash)
    return block !== undefined && this.options.chain.isCanonical(block)
  }

  private async newPendingLogs(filter: LogFilter): Promise<LogChange[]> {
    const pending = await this.options.pendingLogs()
    const stillPending = new Set<string>()
    const changes: LogChange[] = []
    for (const { transactionHash, logs } of pending) {
      logs.forEach((log, i) => {
        const key = `${transactionHash}:${i}`
        stillPending.add(key)
        if (filter.reportedPending.has(key) || !matchesCriteria(log, filter.criteria)) return
        filter.reportedPending.add(key)
        changes.push({ kind: 'pending', log })
      })
    }
    for (const key of filter.reportedPending) if (!stillPending.has(key)) filter.reportedPending.delete(key)
    return changes
  }

  private get journalEnd(): number {
    return this.journalBase + this.journal.length
  }

  private recordReorg(event: ReorgEvent): void {
    this.journal.push({ ancestorNumber: event.commonAncestor.number, removed: event.removed })
    this.trimJournal()
  }

  /** The reorgs a cursor filter has not seen yet, oldest first; marks them seen. */
  private reorgsSince(filter: CursorFilter): JournalEntry[] {
    const entries = this.journal.slice(filter.journalPosition - this.journalBase)
    filter.journalPosition = this.journalEnd
    return entries
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
