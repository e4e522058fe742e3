import type { ChainBlock } from '../chain/types.ts'
import type { Block, BlockHeader, DetachedState, ExecutedTransaction } from '../evm/index.ts'

/** The block the pool would make next, executed on top of the head and never kept. */
export interface PendingBlock {
  block: Block
  /** `block`'s header (as a ChainBlock's `header`). */
  header: BlockHeader
  parent: ChainBlock
  transactions: readonly ExecutedTransaction[]
  /** The state after it (its header's state root). */
  stateRoot: Uint8Array
  /** Its state, readable while this pending block is cached (kept outside the chain's database). */
  state: DetachedState
}

/**
 * The pending block, built once per version of what it depends on (head, pool, state set on the head) and
 * shared by every read until one of them changes. A build that fails is not kept.
 */
export class PendingBlockCache {
  private cached: { version: string; pending: Promise<PendingBlock> } | undefined

  get(version: string, build: () => Promise<PendingBlock>): Promise<PendingBlock> {
    if (this.cached?.version === version) return this.cached.pending
    const pending = build()
    this.cached = { version, pending }
    pending.catch(() => {
      if (this.cached?.pending === pending) this.cached = undefined
    })
    return pending
  }
}
