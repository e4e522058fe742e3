import type { Address } from 'viem'
import { maxFeePerGasOf } from '../../evm/index.ts'
import type { SignedTransaction } from '../../evm/index.ts'
import { toChecksumAddress } from './hex.ts'
import { formatTransaction } from './transaction.ts'
import type { RpcTransaction } from './transaction.ts'

/** Pooled transactions by sender and decimal nonce, as geth's txpool_content and txpool_contentFrom nest them. */
export type PoolTransactions = Record<Address, Record<string, RpcTransaction>>

/** Pooled transactions in one line each (`to: value wei + gas gas × price wei`), as geth's txpool_inspect. */
export type PoolSummary = Record<Address, Record<string, string>>

/** Pooled transactions as geth's txpool_content nests them: checksummed sender → decimal nonce → transaction. */
export function formatPoolContent(transactions: readonly SignedTransaction[]): PoolTransactions {
  const out: PoolTransactions = {}
  for (const signed of transactions) {
    const sender = toChecksumAddress(signed.from)
    out[sender] ??= {}
    out[sender][signed.tx.nonce.toString(10)] = formatTransaction(signed)
  }
  return out
}

/**
 * Pooled transactions as geth's txpool_inspect flattens them: checksummed sender → decimal nonce →
 * `to: value wei + gas gas × price wei` (`contract creation: ...` without a recipient). The price is the
 * fee cap of a fee-market transaction, as geth's GasPrice() reads it.
 */
export function formatPoolSummary(transactions: readonly SignedTransaction[]): PoolSummary {
  const out: PoolSummary = {}
  for (const signed of transactions) {
    const sender = toChecksumAddress(signed.from)
    const { tx } = signed
    const recipient = tx.to ? toChecksumAddress(tx.to.bytes) : 'contract creation'
    out[sender] ??= {}
    out[sender][tx.nonce.toString(10)] = `${recipient}: ${tx.value} wei + ${tx.gasLimit} gas × ${maxFeePerGasOf(tx)} wei`
  }
  return out
}
