import type { ChainBlock, TransactionLocation } from '../chain/types.ts'
import type { SignedTransaction } from '../evm/index.ts'
import type { ChainNode } from '../node.ts'
import type { PendingBlock } from '../txpool/pendingBlock.ts'

/** A block a method answers about: one the chain holds, or the pending block. */
export type FoundBlock = { block: ChainBlock } | { pending: PendingBlock }

/**
 * A transaction as the transaction getters find it: mined at a position of a canonical (or, by block hash, any
 * known) block, or not mined (waiting in the pool, or in the pending block). The getters and their raw twins
 * (eth_getTransactionByHash and eth_getRawTransactionByHash...) find it here and differ only in what they format.
 */
export type FoundTransaction = { mined: TransactionLocation } | { unmined: SignedTransaction }

/** The signed transaction found, wherever it was. */
export function signedOf(found: FoundTransaction): SignedTransaction {
  return 'mined' in found ? (found.mined.block.transactions[found.mined.index]?.signed as SignedTransaction) : found.unmined
}

/** A transaction by hash: mined on the canonical chain, or pooled. */
export function transactionByHash(node: ChainNode, hash: Uint8Array): FoundTransaction | undefined {
  const found = node.transaction(hash)
  if (!found) return undefined
  return found.status === 'mined' ? { mined: found.location } : { unmined: found.signed }
}

/** A found block's transaction by position: mined in a sealed block, or unmined in the pending block. */
export function transactionInBlock(found: FoundBlock, index: bigint): FoundTransaction | undefined {
  if ('block' in found) return minedAt(found.block, index)
  const executed = index < BigInt(found.pending.transactions.length) ? found.pending.transactions[Number(index)] : undefined
  return executed ? { unmined: executed.signed } : undefined
}

function minedAt(block: ChainBlock, index: bigint): FoundTransaction | undefined {
  return index < BigInt(block.transactions.length) ? { mined: { block, index: Number(index) } } : undefined
}
