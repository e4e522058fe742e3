import type { SignedTransaction } from '../../evm/index.ts'
import { toChecksumAddress } from './hex.ts'
import { formatTransaction } from './transaction.ts'
import type { RpcTransaction } from './transaction.ts'

/** Pooled transactions as geth's txpool_content nests them: checksummed sender → decimal nonce → transaction. */
export function formatPoolContent(transactions: readonly SignedTransaction[]): Record<string, Record<string, RpcTransaction>> {
  const out: Record<string, Record<string, RpcTransaction>> = {}
  for (const signed of transactions) {
    const sender = toChecksumAddress(signed.from)
    out[sender] ??= {}
    out[sender][signed.tx.nonce.toString(10)] = formatTransaction(signed)
  }
  return out
}
