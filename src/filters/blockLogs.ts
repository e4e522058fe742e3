import type { ChainBlock } from '../chain/types.ts'
import type { PositionedLog } from '../logs/index.ts'

/** The logs of the transaction at `index` of a block, with their positions. */
export function logsOfTransaction(block: ChainBlock, index: number): PositionedLog[] {
  const executed = block.transactions[index]
  if (!executed) return []
  // One array each for every log of the transaction (the JSON writer copies what they share).
  const blockHash = block.hash
  const transactionHash = executed.signed.hash
  return executed.logs.map((log, i) => ({
    address: log.address,
    topics: log.topics,
    data: log.data,
    blockNumber: block.number,
    blockHash,
    blockTimestamp: block.timestamp,
    transactionHash,
    transactionIndex: index,
    logIndex: executed.firstLogIndex + i,
  }))
}

/**
 * Every log of a block with its position, canonical or not: removed logs are announced from
 * the orphaned block itself, since the log index holds the canonical chain only.
 */
export function logsOfBlock(block: ChainBlock): PositionedLog[] {
  return block.transactions.flatMap((_, index) => logsOfTransaction(block, index))
}
