import type { ChainBlock } from './types.ts'

/**
 * Every block ever sealed, canonical or not, by hash. Side branches are kept so that a
 * reorged-away block is still answerable by hash (geth keeps them too).
 * Invariant: every block but the root has its parent in the tree.
 */
export class BlockTree {
  private readonly byHash = new Map<string, ChainBlock>()

  constructor(root: ChainBlock) {
    this.byHash.set(root.hashKey, root)
  }

  add(block: ChainBlock): void {
    if (!this.byHash.has(block.parentKey)) {
      throw new Error(`block ${block.number} has an unknown parent ${block.parentKey}`)
    }
    this.byHash.set(block.hashKey, block)
  }

  get(hashKey: string): ChainBlock | undefined {
    return this.byHash.get(hashKey)
  }

  parentOf(block: ChainBlock): ChainBlock | undefined {
    return this.byHash.get(block.parentKey)
  }

  /** Every block held, in no particular order. */
  blocks(): IterableIterator<ChainBlock> {
    return this.byHash.values()
  }

  get size(): number {
    return this.byHash.size
  }
}
