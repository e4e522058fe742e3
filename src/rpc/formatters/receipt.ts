import type { ChainBlock } from '../../chain/types.ts'
import { toData, toQuantity } from './hex.ts'
import { formatLog } from './log.ts'
import type { RpcLog } from './log.ts'

export type RpcReceipt = Record<string, unknown> & { logs: RpcLog[] }

/** The receipt of the transaction at `index` of a mined block, as geth shapes it. */
export function formatReceipt(block: ChainBlock, index: number): RpcReceipt {
  const executed = block.transactions[index]
  if (!executed) throw new Error(`block ${block.number} has no transaction ${index}`)
  const { tx } = executed.signed
  const logs = executed.logs.map((log, i) =>
    formatLog({
      ...log,
      blockNumber: block.number,
      blockHash: block.hash,
      blockTimestamp: block.timestamp,
      transactionHash: executed.signed.hash,
      transactionIndex: index,
      logIndex: executed.firstLogIndex + i,
    }),
  )
  return {
    blockHash: block.hashKey,
    blockNumber: toQuantity(block.number),
    contractAddress: executed.contractAddress ? toData(executed.contractAddress) : null,
    cumulativeGasUsed: toQuantity(executed.cumulativeGasUsed),
    effectiveGasPrice: toQuantity(executed.effectiveGasPrice),
    from: executed.signed.fromKey,
    gasUsed: toQuantity(executed.gasUsed),
    logs,
    logsBloom: toData(executed.logsBloom),
    status: toQuantity(executed.status),
    to: tx.to ? toData(tx.to.bytes) : null,
    transactionHash: executed.signed.hashKey,
    transactionIndex: toQuantity(index),
    type: toQuantity(tx.type),
  }
}
