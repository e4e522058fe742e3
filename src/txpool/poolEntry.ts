import type { ChainReader } from '../chain/chain.ts'
import type { ChainBlock } from '../chain/types.ts'
import { ForkSourceError } from '../evm/index.ts'
import type { SignedTransaction, StateView } from '../evm/index.ts'
import { checkAdmission } from './admission.ts'
import { TransactionRejected } from './errors.ts'
import type { TxPool } from './txPool.ts'

/** What admission is checked against: a network's head, its next block's fees, its pool. */
export interface PoolEntryContext {
  /** The network's chain now (anvil_reset and anvil_loadState replace it). */
  chain(): ChainReader
  pool: TxPool
  stateAt(block: ChainBlock): StateView
  nextBaseFee(): bigint
  nextBlobBaseFee(): bigint | undefined
  blockGasLimit(): bigint
}

/**
 * The way into a network's pool: a sent transaction (refused with geth's words when it cannot be admitted), and
 * transactions a reorg took out of the chain (kept only where still admissible). Both run inside the write queue.
 */
export class PoolEntry {
  constructor(private readonly network: PoolEntryContext) {}

  /** Admits `signed` to the pool, or throws TransactionRejected saying why not. */
  async admit(signed: SignedTransaction): Promise<void> {
    if (this.network.chain().transaction(signed.hashKey)) throw new TransactionRejected('already known')
    await this.checkAgainstHead(signed)
    this.network.pool.add(signed)
  }

  /**
   * Puts transactions a reorg took out of the chain back in the pool where they are still admissible. Only a
   * transaction's own refusal drops it (its nonce was used on the new branch, its sender can no longer pay):
   * when a fork's upstream cannot say (a `ForkSourceError`), the transaction is kept unchecked, as it was
   * admitted before, and the block that mines it checks it again. Any other error is not the transaction's
   * and fails the write.
   */
  async returnToPool(transactions: SignedTransaction[]): Promise<void> {
    const { pool } = this.network
    for (const signed of transactions) {
      if (pool.has(signed.hashKey) || this.network.chain().transaction(signed.hashKey)) continue
      try {
        await this.checkAgainstHead(signed)
      } catch (error) {
        if (error instanceof TransactionRejected) continue
        if (!(error instanceof ForkSourceError)) throw error
      }
      try {
        pool.add(signed)
      } catch (error) {
        // The pool's own rules (full, a pooled replacement that pays more) refuse it as they would any.
        if (!(error instanceof TransactionRejected)) throw error
      }
    }
  }

  /** Admission rules against the head's state and the next block's base fee. */
  private checkAgainstHead(signed: SignedTransaction): Promise<void> {
    const chain = this.network.chain()
    return checkAdmission(signed, {
      state: this.network.stateAt(chain.head),
      baseFee: this.network.nextBaseFee(),
      blobBaseFee: this.network.nextBlobBaseFee() ?? 0n,
      blockGasLimit: this.network.blockGasLimit(),
    })
  }
}
