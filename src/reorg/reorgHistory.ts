import type { ChainBlock } from '../chain/types.ts'

/** What made a reorganisation: the node call behind each control method, or the network's reorg profile. */
export type ReorgCause = 'simReorg' | 'anvilReorg' | 'rollback' | 'revert' | 'profile'

/** One reorganisation as an explorer annotates it. */
export interface RecordedReorg {
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
 * blocks stay in the block tree). The blocks are the chain's own objects, so a record costs a few pointers.
 */
export class ReorgHistory {
  private readonly records: RecordedReorg[] = []
  private nextId = 1

  constructor(private readonly capacity = DEFAULT_REORG_HISTORY) {}

  add(cause: ReorgCause, change: { commonAncestor: ChainBlock; removed: readonly ChainBlock[]; added: readonly ChainBlock[] }): RecordedReorg {
    const count = (blocks: readonly ChainBlock[]) => blocks.reduce((sum, b) => sum + b.logCount, 0)
    const record: RecordedReorg = {
      id: this.nextId++,
      cause,
      at: Date.now(),
      commonAncestor: change.commonAncestor,
      removed: change.removed,
      added: change.added,
      removedLogs: count(change.removed),
      addedLogs: count(change.added),
    }
    this.records.push(record)
    if (this.records.length > this.capacity) this.records.splice(0, this.records.length - this.capacity)
    return record
  }

  /** The records kept, oldest first; ids above `after` only when given (what a state file's journal has not saved). */
  recorded(after = 0): RecordedReorg[] {
    let from = this.records.length
    while (from > 0 && (this.records[from - 1] as RecordedReorg).id > after) from--
    return this.records.slice(from)
  }

  /** Records a state file saved, in place of none; `total` as it was saved. */
  restore(records: readonly RecordedReorg[], total: number): void {
    this.records.splice(0, this.records.length, ...records.slice(-this.capacity))
    this.nextId = total + 1
  }

  /** Forgets every record (the chain they happened on was replaced: their blocks are gone); `total` keeps counting. */
  forget(): void {
    this.records.length = 0
  }

  /** How many reorganisations happened, forgotten ones included. */
  get total(): number {
    return this.nextId - 1
  }

  /**
   * Newest first, at most `limit`: those whose changed heights (common ancestor + 1 up to the highest block
   * removed or added) meet `from..to`.
   */
  touching(from: bigint, to: bigint, limit: number): RecordedReorg[] {
    const found: RecordedReorg[] = []
    for (let i = this.records.length - 1; i >= 0 && found.length < limit; i--) {
      const record = this.records[i] as RecordedReorg
      const low = record.commonAncestor.number + 1n
      const high = low + BigInt(Math.max(record.removed.length, record.added.length, 1)) - 1n
      if (low <= to && high >= from) found.push(record)
    }
    return found
  }
}
