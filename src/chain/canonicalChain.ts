import type { ChainBlock, TransactionLocation } from './types.ts'

/**
 * The canonical chain: block by number and transaction by hash. Only its tail ever changes
 * (append, or truncate on a reorg), so both indexes cost what the changed blocks cost.
 */
export class CanonicalChain {
  private readonly byNumber: ChainBlock[] = []
  private readonly transactions = new Map<string, TransactionLocation>()
  /** Number of the first block held (0 for a fresh chain). */
  private readonly base: bigint

  constructor(genesis: ChainBlock) {
    this.base = genesis.number
    this.append(genesis)
  }

  get head(): ChainBlock {
    return this.byNumber[this.byNumber.length - 1] as ChainBlock
  }

  get genesis(): ChainBlock {
    return this.byNumber[0] as ChainBlock
  }

  append(block: ChainBlock): void {
    const expected = this.base + BigInt(this.byNumber.length)
    if (block.number !== expected) throw new Error(`expected block ${expected}, got ${block.number}`)
    this.byNumber.push(block)
    block.transactions.forEach((executed, index) => {
      this.transactions.set(executed.signed.hashKey, { block, index })
    })
  }

  /** Removes every block above `number`; returns them oldest first. */
  truncateAbove(number: bigint): ChainBlock[] {
    const keep = Number(number - this.base) + 1
    if (keep < 1) throw new Error('cannot remove the genesis block')
    const removed = this.byNumber.splice(keep)
    for (const block of removed) {
      for (const executed of block.transactions) this.transactions.delete(executed.signed.hashKey)
    }
    return removed
  }

  byNumberOf(number: bigint): ChainBlock | undefined {
    if (number < this.base) return undefined
    return this.byNumber[Number(number - this.base)]
  }

  /** Whether this exact block (not just its number) is canonical. */
  contains(block: ChainBlock): boolean {
    return this.byNumberOf(block.number)?.hashKey === block.hashKey
  }

  transaction(hashKey: string): TransactionLocation | undefined {
    return this.transactions.get(hashKey)
  }
}
