import type { Chain } from '../chain/chain.ts'
import type { ChainBlock } from '../chain/types.ts'
import type { SignedTransaction, StateView } from '../evm/index.ts'
import { checkAdmission } from './admission.ts'
import { TransactionRejected } from './errors.ts'
import type { TxPool } from './txPool.ts'

/** What admission is checked against: a network's head, its next block's fees, its pool. */
export interface PoolEntryContext {
  /** The network's chain now (anvil_reset and anvil_loadState replace it). */
  chain(): Chain
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

  /** Puts transactions back in the pool where they are still admissible; the rest are gone. */
  async returnToPool(transactions: SignedTransaction[]): Promise<void> {
    const { pool } = this.network
    for (const signed of transactions) {
      if (pool.has(signed.hashKey) || this.network.chain().transaction(signed.hashKey)) continue
      try {
        await this.checkAgainstHead(signed)
        pool.add(signed)
      } catch {
        // Inadmissible on the new branch (its nonce was used there): dropped, as a real node does.
      }
    }
  }

  /** Admission rules against the head's state and the next block's base fee. */
  private checkAgainstHead(signed: SignedTransaction): Promise<void> {
    const chain = this.network.chain()
    return checkAdmission(signed, {
      common: chain.engine.common,
      state: this.network.stateAt(chain.head),
      baseFee: this.network.nextBaseFee(),
      blobBaseFee: this.network.nextBlobBaseFee() ?? 0n,
      blockGasLimit: this.network.blockGasLimit(),
    })
  }
}
