import type { LogFilter } from '../logs/index.ts'
import { FilterNotFound, TooManyFilters } from './errors.ts'
import type { LogChange } from './types.ts'

interface FilterBase {
  id: string
  installedAt: number
  lastPoll: number
}

/** Log and block filters pull what changed since their cursor (the head when they were last polled). */
export interface CursorFilter extends FilterBase {
  cursor: bigint
  /** Position in the reorg journal up to which this filter is current. */
  journalPosition: number
}

export interface InstalledLogFilter extends CursorFilter {
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

export interface InstalledBlockFilter extends CursorFilter {
  kind: 'block'
}

export interface InstalledPendingTransactionFilter extends FilterBase {
  kind: 'pendingTransaction'
  hashes: Uint8Array[]
}

export type Filter = InstalledLogFilter | InstalledBlockFilter | InstalledPendingTransactionFilter

/** Enough for any real client; a runaway one is stopped before it exhausts memory. */
export const DEFAULT_MAX_FILTERS = 10_000

export interface FilterRegistryOptions {
  /** A filter not polled for this long is uninstalled. */
  timeoutMs: number
  /** The clock expiry is measured on. */
  now: () => number
  /** At most this many filters at once. */
  maxFilters: number
  /** Told after each sweep has removed the expired filters (the journal may then drop what only they needed). */
  onSwept: () => void
}

/**
 * The installed filters of a network, by id: installing under the cap, finding (an expired filter is
 * gone), refreshing expiry on a poll, and sweeping the expired ones. What a filter reports is not its job.
 */
export class FilterRegistry {
  private readonly filters = new Map<string, Filter>()
  private nextId = 1
  private readonly sweepTimer: NodeJS.Timeout

  constructor(private readonly options: FilterRegistryOptions) {
    // Expired filters are refused on access; the sweep only frees their memory.
    this.sweepTimer = setInterval(() => this.sweep(), Math.min(options.timeoutMs, 60_000))
    this.sweepTimer.unref()
  }

  get size(): number {
    return this.filters.size
  }

  /** Installed filters, in installation order (expired ones included until swept). */
  values(): IterableIterator<Filter> {
    return this.filters.values()
  }

  /** Installs the filter `make` builds with its new id; past the cap, -32005 once expired ones are swept. */
  install(make: (id: string) => Filter): string {
    const max = this.options.maxFilters
    if (this.filters.size >= max) this.sweep()
    if (this.filters.size >= max) {
      throw new TooManyFilters(max)
    }
    const id = `0x${(this.nextId++).toString(16)}`
    this.filters.set(id, make(id))
    return id
  }

  uninstall(id: string): boolean {
    return this.filters.delete(id)
  }

  /** The filter, with its expiry refreshed (a poll). */
  touch(id: string): Filter {
    const filter = this.find(id)
    filter.lastPoll = this.options.now()
    return filter
  }

  /** The filter; an unknown or expired id is -32000 "filter not found". */
  find(id: string): Filter {
    const filter = this.filters.get(id)
    if (!filter || this.expired(filter)) {
      this.filters.delete(id)
      throw new FilterNotFound(id)
    }
    return filter
  }

  expired(filter: Filter): boolean {
    return this.options.now() - filter.lastPoll >= this.options.timeoutMs
  }

  /** When the filter expires unless polled before. */
  expiresAt(filter: Filter): number {
    return filter.lastPoll + this.options.timeoutMs
  }

  /** The oldest journal position a log or block filter has yet to read from, if any filter reads the journal. */
  oldestJournalPosition(): number | undefined {
    let oldest: number | undefined
    for (const filter of this.filters.values()) {
      if (filter.kind !== 'pendingTransaction' && (oldest === undefined || filter.journalPosition < oldest)) oldest = filter.journalPosition
    }
    return oldest
  }

  close(): void {
    clearInterval(this.sweepTimer)
    this.filters.clear()
  }

  private sweep(): void {
    for (const filter of this.filters.values()) if (this.expired(filter)) this.filters.delete(filter.id)
    this.options.onSwept()
  }
}
