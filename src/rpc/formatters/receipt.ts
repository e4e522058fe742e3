import type { RpcTransactionReceipt } from 'viem'
import type { ChainBlock } from '../../chain/types.ts'
import { logsOfTransaction } from '../../filters/blockLogs.ts'
import { logsBloom } from '../../evm/index.ts'
import { toData, toQuantity } from './hex.ts'
import { formatLog } from './log.ts'

export type { RpcTransactionReceipt }

/**
 * The receipt of the transaction at `index` of a mined block, as geth shapes it: `root` instead
 * of `status` before Byzantium, blob gas fields for blob transactions.
 */
export function formatReceipt(block: ChainBlock, index: number): RpcTransactionReceipt {
  const executed = block.transactions[index]
  if (!executed) throw new Error(`block ${block.number} has no transaction ${index}`)
  const { tx } = executed.signed
  const logs = logsOfTransaction(block, index).map((log) => formatLog(log))
  const receipt: Record<string, unknown> = {
    blockHash: block.hashKey,
    blockNumber: toQuantity(block.number),
    contractAddress: executed.contractAddress ? toData(executed.contractAddress) : null,
    cumulativeGasUsed: toQuantity(executed.cumulativeGasUsed),
    effectiveGasPrice: toQuantity(executed.effectiveGasPrice),
    from: executed.signed.fromKey,
    gasUsed: toQuantity(executed.gasUsed),
    logs,
    logsBloom: toData(logsBloom(executed.logs)),
    to: tx.to ? toData(tx.to.bytes) : null,
    transactionHash: executed.signed.hashKey,
    transactionIndex: toQuantity(index),
    type: toQuantity(tx.type),
  }
  // geth: a pre-Byzantium receipt has the post-transaction state root and no status.
  if (executed.root !== undefined) receipt.root = toData(executed.root)
  else receipt.status = toQuantity(executed.status)
  if (executed.blobGasUsed !== undefined) receipt.blobGasUsed = toQuantity(executed.blobGasUsed)
  if (executed.blobGasPrice !== undefined) receipt.blobGasPrice = toQuantity(executed.blobGasPrice)
  // Built as geth shapes it (`root` or `status`); viem's type has both as optional.
  return receipt as RpcTransactionReceipt
}
