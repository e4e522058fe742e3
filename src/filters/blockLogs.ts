import type { ChainBlock } from '../chain/types.ts'
import type { PositionedLog } from '../logs/index.ts'

/**
 * Every log of a block with its position, canonical or not: removed logs are announced from
 * the orphaned block itself, since the log index holds the canonical chain only.
 */
export function logsOfBlock(block: ChainBlock): PositionedLog[] {
  const logs: PositionedLog[] = []
  block.transactions.forEach((executed, transactionIndex) => {
    executed.logs.forEach((log, i) => {
      logs.push({
        address: log.address,
        topics: log.topics,
        data: log.data,
        blockNumber: block.number,
        blockHash: block.hash,
        blockTimestamp: block.timestamp,
        transactionHash: executed.signed.hash,
        transactionIndex,
        logIndex: executed.firstLogIndex + i,
      })
    })
  })
  return logs
}
