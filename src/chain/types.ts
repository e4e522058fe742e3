import type { AccountChange, Block, ExecutedTransaction } from '../evm/index.ts'

/** A sealed block as the chain keeps it: the block and its executed transactions (receipts). */
export interface ChainBlock {
  readonly block: Block
  readonly hash: Uint8Array
  readonly hashKey: string
  readonly parentKey: string
  readonly number: bigint
  readonly timestamp: bigint
  readonly transactions: readonly ExecutedTransaction[]
  readonly logCount: number
  /**
   * State set directly on the parent (anvil_setBalance...) before this block was built on it: in no
   * transaction, yet in this block's state root, so a rebuilt chain applies it before executing the block.
   */
  readonly stateEdits?: readonly AccountChange[]
}

/** Where a mined transaction sits. */
export interface TransactionLocation {
  readonly block: ChainBlock
  readonly index: number
}

export type BlockTag = 'latest' | 'earliest' | 'pending' | 'safe' | 'finalized'

/** A block named by tag or number; hashes are resolved separately. */
export type BlockSelector = BlockTag | bigint

/** How many blocks behind the head the `safe` and `finalized` tags stand. */
export interface FinalityDepths {
  safeDepth: bigint
  finalizedDepth: bigint
  /**
   * Blocks up to these numbers are safe / finalized whatever the depth: an imported chain
   * arrives finalized up to its last block (the forkchoice it was exported under).
   */
  safeAtLeast?: bigint
  finalizedAtLeast?: bigint
}
