import { encodeBlock, hexToBytes, keepLogs, keyOf, KeptBlock } from '../evm/index.ts'
import type { AccountChange, Block, BlockHeader, ExecutedTransaction, KeptBlockParts, Log } from '../evm/index.ts'
import type { ChainBlock } from './types.ts'

/**
 * A block as the chain keeps it for good: the header's fields (KeptBlock), the transactions' signed bytes,
 * their receipts with logs packed into the log arena, and the state set on its parent before it was built.
 * What the ethereumjs objects held besides is let go once the block is sealed, and rebuilt when asked for.
 */
export class StoredBlock implements ChainBlock {
  readonly hashKey: string
  readonly number: bigint
  readonly timestamp: bigint
  readonly transactions: readonly ExecutedTransaction[]
  readonly logCount: number
  readonly stateEdits?: readonly AccountChange[]
  readonly #kept: KeptBlock

  constructor(block: Block, transactions: readonly ExecutedTransaction[], stateEdits?: readonly AccountChange[])
  /** A block read back from a state file (its logs already kept). */
  constructor(restored: KeptBlockParts)
  constructor(block: Block | KeptBlockParts, transactions?: readonly ExecutedTransaction[], stateEdits?: readonly AccountChange[]) {
    if ('kept' in block) {
      this.hashKey = keyOf(block.hash)
      this.#kept = block.kept
      this.number = block.number
      this.timestamp = block.timestamp
      this.transactions = block.transactions
      if (block.stateEdits !== undefined && block.stateEdits.length > 0) this.stateEdits = block.stateEdits
      let count = 0
      for (const executed of block.transactions) count += executed.logs.length
      this.logCount = count
      return
    }
    const { header } = block
    this.hashKey = keyOf(block.hash())
    this.number = header.number
    this.timestamp = header.timestamp
    this.transactions = transactions as readonly ExecutedTransaction[]
    if (stateEdits !== undefined && stateEdits.length > 0) this.stateEdits = stateEdits
    let logCount = 0
    for (const executed of this.transactions) {
      executed.logs = keepLogs(executed.logs)
      logCount += executed.logs.length
      executed.signed.compact()
    }
    this.logCount = logCount
    this.#kept = new KeptBlock(block, this.logs())
  }

  /** What a state file keeps of the header and body (the transactions are kept beside it). */
  get kept(): KeptBlock {
    return this.#kept
  }

  get hash(): Uint8Array {
    return hexToBytes(this.hashKey as `0x${string}`)
  }

  /** Made from the header's bytes on each read: blocks are many, and their parents are seldom asked for. */
  get parentKey(): string {
    return keyOf(this.#kept.parentHash)
  }

  get header(): BlockHeader {
    return this.#kept.header(() => this.logs())
  }

  get stateRoot(): Uint8Array {
    return this.#kept.stateRoot
  }

  toBlock(): Block {
    return this.#kept.toBlock(
      this.transactions.map((executed) => executed.signed.tx),
      () => this.logs(),
    )
  }

  encoded(): Uint8Array {
    return encodeBlock({ hash: this.hash, kept: this.#kept, transactions: this.transactions, stateEdits: this.stateEdits })
  }

  private logs(): Log[] {
    return this.transactions.flatMap((executed) => executed.logs)
  }
}
