import type { AccountChange, Block, BlockHeader, ExecutedTransaction } from '../evm/index.ts'

/**
 * A sealed block as the chain keeps it: its header and its executed transactions (receipts), as
 * bytes (StoredBlock); ethereumjs objects are built when asked for.
 */
export interface ChainBlock {
  readonly hash: Uint8Array
  readonly hashKey: string
  readonly parentKey: string
  readonly number: bigint
  readonly timestamp: bigint
  /** The state after this block (its header's state root). */
  readonly stateRoot: Uint8Array
  /** The header, decoded when asked for (those of the newest blocks stay decoded). */
  readonly header: BlockHeader
  readonly transactions: readonly ExecutedTransaction[]
  readonly logCount: number
  /**
   * State set directly on the parent (anvil_setBalance...) before this block was built on it: in no
   * transaction, yet in this block's state root, so a rebuilt chain applies it before executing the block.
   */
  readonly stateEdits?: readonly AccountChange[]
  /** The whole ethereumjs block, built on each call: for encoding it (export, state files) and formatting. */
  toBlock(): Block
  /** The block as a state file keeps it: header, body, receipts and logs, state set before it (see src/evm/encoding/keptBlockCodec.ts). */
  encoded(): Uint8Array
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
