import { logsBloom } from './bloom.ts'
import { orderedTrieRoot } from './orderedTrie.ts'
import { encodeReceipt } from './receiptEncoding.ts'
import type { ExecutedTransaction } from '../types.ts'

/**
 * What a header commits to about a list of executed transactions, computed over any list of them (a block's
 * first transactions, when others were added after them): the transactions root, the receipts root, the
 * logs bloom and the gas they used.
 */
export interface TransactionCommitments {
  transactionsRoot: Uint8Array
  receiptsRoot: Uint8Array
  logsBloom: Uint8Array
  gasUsed: bigint
}

export function commitmentsOf(executed: readonly ExecutedTransaction[]): TransactionCommitments {
  const blooms = executed.map((e) => logsBloom(e.logs))
  const bloom = new Uint8Array(256)
  for (const b of blooms) for (let i = 0; i < 256; i++) bloom[i] = (bloom[i] as number) | (b[i] as number)
  return {
    transactionsRoot: orderedTrieRoot(executed.map((e) => e.signed.raw)),
    receiptsRoot: orderedTrieRoot(
      executed.map((e, i) =>
        encodeReceipt({ type: e.signed.tx.type, status: e.status, cumulativeGasUsed: e.cumulativeGasUsed, bloom: blooms[i] as Uint8Array, logs: e.logs }),
      ),
    ),
    logsBloom: bloom,
    gasUsed: executed.at(-1)?.cumulativeGasUsed ?? 0n,
  }
}
