import type { ChainBlock } from '../chain/types.ts'

/** What made a reorganisation: the node call behind each control method, or the network's reorg profile. */
export type ReorgCause = 'simReorg' | 'anvilReorg' | 'rollback' | 'revert' | 'profile'

/** One reorganisation as an explorer annotates it. */
export interface ReorgEntry {
  /** 1-based, in the order they happened on this network. */
  readonly id: number
  readonly cause: ReorgCause
  /** Wall-clock time it happened, ms since the epoch. */
  readonly at: number
  readonly commonAncestor: ChainBlock
  /** Blocks that left the canonical chain, oldest first. */
  readonly removed: readonly ChainBlock[]
  /** Blocks that joined it, oldest first. */
  readonly added: readonly ChainBlock[]
  readonly removedLogs: number
  readonly addedLogs: number
}

/** Reorganisations kept by default: far more than a page shows; a reorg every second for hours still fits. */
export const DEFAULT_REORG_HISTORY = 10_000

/**
 * The reorganisations of one network, newest last, bounded: past `capacity` the oldest are forgotten (their
 * blocks stay in the block tree). The blocks are the chain's own objects, so an entry costs a few pointers.
 */
export class ReorgHistory {
  private readonly kept: ReorgEntry[] = []
  private nextId = 1

  constructor(private readonly capacity = DEFAULT_REORG_HISTORY) {}

  add(cause: ReorgCause, change: { commonAncestor: ChainBlock; removed: readonly ChainBlock[]; added: readonly ChainBlock[] }): ReorgEntry {
    const count = (blocks: readonly ChainBlock[]) => blocks.reduce((sum, b) => sum + b.logCount, 0)
    const entry: ReorgEntry = {
      id: this.nextId++,
      cause,
      at: Date.now(),
      commonAncestor: change.commonAncestor,
      removed: change.removed,
      added: change.added,
      removedLogs: count(change.removed),
      addedLogs: count(change.added),
    }
    this.kept.push(entry)
    if (this.kept.length > this.capacity) this.kept.splice(0, this.kept.length - this.capacity)
    return entry
  }

  /** The entries kept, oldest first; ids above `after` only when given (what a state file's journal has not saved). */
  entries(after = 0): ReorgEntry[] {
    let from = this.kept.length
    while (from > 0 && (this.kept[from - 1] as ReorgEntry).id > after) from--
    return this.kept.slice(from)
  }

  /** Entries a state file saved, in place of none; `total` as it was saved. */
  restore(entries: readonly ReorgEntry[], total: number): void {
    this.kept.splice(0, this.kept.length, ...entries.slice(-this.capacity))
    this.nextId = total + 1
  }

  /** Forgets every entry (the chain they happened on was replaced: their blocks are gone); `total` keeps counting. */
  forget(): void {
    this.kept.length = 0
  }

  /** How many reorganisations happened, forgotten ones included. */
  get total(): number {
    return this.nextId - 1
  }

  /**
   * Newest first, at most `limit`: those whose changed heights (common ancestor + 1 up to the highest block
   * removed or added) meet `from..to`.
   */
  touching(from: bigint, to: bigint, limit: number): ReorgEntry[] {
    const found: ReorgEntry[] = []
    for (let i = this.kept.length - 1; i >= 0 && found.length < limit; i--) {
      const entry = this.kept[i] as ReorgEntry
      const low = entry.commonAncestor.number + 1n
      const high = low + BigInt(Math.max(entry.removed.length, entry.added.length, 1)) - 1n
      if (low <= to && high >= from) found.push(entry)
    }
    return found
  }
}
