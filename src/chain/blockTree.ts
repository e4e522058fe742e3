import type { ChainBlock } from './types.ts'

/**
 * Every block ever sealed, canonical or not, by hash. Side branches are kept so that a
 * reorged-away block is still answerable by hash (geth keeps them too).
 * Invariant: every block but the root has its parent in the tree.
 */
export class BlockTree {
  private readonly byHash = new Map<string, ChainBlock>()
  /** Every block at each height, in the order they were sealed: what an explorer draws side by side. */
  private readonly byHeight = new Map<bigint, ChainBlock[]>()
  #highest: bigint

  constructor(root: ChainBlock) {
    this.byHash.set(root.hashKey, root)
    this.byHeight.set(root.number, [root])
    this.#highest = root.number
  }

  /** Adds `block`, whose parent (`parentKey`, when the caller has read it already) must be held. */
  add(block: ChainBlock, parentKey = block.parentKey): void {
    if (!this.byHash.has(parentKey)) {
      throw new Error(`block ${block.number} has an unknown parent ${parentKey}`)
    }
    this.byHash.set(block.hashKey, block)
    const siblings = this.byHeight.get(block.number)
    if (siblings) siblings.push(block)
    else this.byHeight.set(block.number, [block])
    if (block.number > this.#highest) this.#highest = block.number
  }

  /** The greatest height of any block held: above the head after a rollback or a revert. */
  get highest(): bigint {
    return this.#highest
  }

  /** The blocks at `number`, on every branch, oldest first. */
  atHeight(number: bigint): readonly ChainBlock[] {
    return this.byHeight.get(number) ?? []
  }

  get(hashKey: string): ChainBlock | undefined {
    return this.byHash.get(hashKey)
  }

  parentOf(block: ChainBlock): ChainBlock | undefined {
    return this.byHash.get(block.parentKey)
  }

  /** Every block held, in the order it was added: the root first, each block after its parent (a state file saves them so). */
  blocks(): IterableIterator<ChainBlock> {
    return this.byHash.values()
  }

  get size(): number {
    return this.byHash.size
  }
}
