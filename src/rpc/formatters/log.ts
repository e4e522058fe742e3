import type { RpcLog } from 'viem'
import type { Log } from '../../evm/index.ts'
import type { PositionedLog } from '../../logs/index.ts'
import { toData, toQuantity } from './hex.ts'

/** A log on the wire (the nine fields of Infura's method reference, plus geth's blockTimestamp), as viem types it. */
export type { RpcLog }

/** At most four topics, the first the event's signature: viem's tuple type of them. */
const topicsOf = (log: Log): RpcLog['topics'] => log.topics.map(toData) as RpcLog['topics']

/** A mined log; `removed` is true when a reorg took its block out of the canonical chain. */
export function formatLog(log: PositionedLog, removed = false): RpcLog {
  return {
    address: toData(log.address),
    topics: topicsOf(log),
    data: toData(log.data),
    blockNumber: toQuantity(log.blockNumber),
    transactionHash: toData(log.transactionHash),
    transactionIndex: toQuantity(log.transactionIndex),
    blockHash: toData(log.blockHash),
    blockTimestamp: toQuantity(log.blockTimestamp),
    logIndex: toQuantity(log.logIndex),
    removed,
  }
}

/** A log of the pending block: its position fields are null (Infura's method reference). */
export function formatPendingLog(log: Log): RpcLog {
  return {
    address: toData(log.address),
    topics: topicsOf(log),
    data: toData(log.data),
    blockNumber: null,
    transactionHash: null,
    transactionIndex: null,
    blockHash: null,
    blockTimestamp: null,
    logIndex: null,
    removed: false,
  }
}
