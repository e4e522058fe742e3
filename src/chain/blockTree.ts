import type { ChainBlock } from './types.ts'

/**
 * Every block ever sealed, canonical or not, by hash. Side branches are kept so that a
 * reorged-away block is still answerable by hash (geth keeps them too).
 * Invariant: every block but the root has its parent in the tree.
 */
export class BlockTree {
  private readonly blocks = new Map<string, ChainBlock>()

  constructor(root: ChainBlock) {
    this.blocks.set(root.hashKey, root)
  }

  add(block: ChainBlock): void {
    if (!this.blocks.has(block.parentKey)) {
      throw new Error(`block ${block.number} has an unknown parent ${block.parentKey}`)
    }
    this.blocks.set(block.hashKey, block)
  }

  get(hashKey: string): ChainBlock | undefined {
    return this.blocks.get(hashKey)
  }

  /** Removes blocks that no longer belong to any branch worth keeping (snapshot reverts). */
  delete(hashKey: string): void {
    this.blocks.delete(hashKey)
  }

  parentOf(block: ChainBlock): ChainBlock | undefined {
    return this.blocks.get(block.parentKey)
  }

  get size(): number {
    return this.blocks.size
  }
}
