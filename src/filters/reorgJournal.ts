import type { Chain } from '../chain/chain.ts'
import type { ReorgEvent } from '../chain/events.ts'
import { chainStepsSince } from './chainHistory.ts'
import type { ChainStep, ReorgRecord } from './chainHistory.ts'

/**
 * The reorgs of the followed chain that some filter has yet to read, recorded inside the write that caused
 * each (the chain's `reorged` event). A filter remembers a position in it; what happened since that position
 * is replayed from the records as chain steps. A record is dropped once every filter has read past it.
 */
export class ReorgJournal {
  private readonly records: ReorgRecord[] = []
  /** Records before this position have been read by every filter and are dropped. */
  private base = 0
  private followed: Chain
  private readonly onReorged = (event: ReorgEvent) => this.record(event)

  constructor(
    chain: Chain,
    /** The oldest position a filter still reads from, if any filter reads the journal. */
    private readonly oldestPositionInUse: () => number | undefined,
  ) {
    this.followed = chain
    chain.events.on('reorged', this.onReorged)
  }

  /** The chain followed now. */
  get chain(): Chain {
    return this.followed
  }

  /** The position after the newest record: where a filter installed now starts. */
  get end(): number {
    return this.base + this.records.length
  }

  /**
   * Follows `chain` from now on, in place of the one followed so far; the records made on the old chain keep
   * it, so they are replayed on the chain they happened on.
   */
  follow(chain: Chain): void {
    this.followed.events.off('reorged', this.onReorged)
    this.followed = chain
    chain.events.on('reorged', this.onReorged)
  }

  /**
   * What happened to the chain after block `cursor`, given the records from `position` on, oldest first. The
   * records and the chain are taken now; the steps are read as the caller iterates.
   */
  stepsSince(cursor: bigint, position: number): Generator<ChainStep> {
    return chainStepsSince(cursor, this.records.slice(position - this.base), this.followed)
  }

  /** Drops the records every filter has read. */
  trim(): void {
    const oldest = this.oldestPositionInUse() ?? this.end
    this.records.splice(0, oldest - this.base)
    this.base = oldest
  }

  private record(event: ReorgEvent): void {
    this.records.push({ ancestor: event.commonAncestor, removed: event.removed, chain: this.followed })
    this.trim()
  }
}
