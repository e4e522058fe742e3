import type { BlockSelector } from '../chain/types.ts'
import type { Log } from '../evm/index.ts'
import type { PositionedLog } from '../logs/index.ts'

/** What a log filter or `logs` subscription matches: addresses (OR) and topics by position. */
export interface LogFilterCriteria {
  addresses: readonly Uint8Array[]
  /** Per position: the accepted values (OR), or null for any. */
  topics: ReadonlyArray<readonly Uint8Array[] | null>
  fromBlock: BlockSelector
  toBlock: BlockSelector
  /** A filter on one block (Infura's method reference: equals fromBlock = toBlock = that block). */
  blockHash?: Uint8Array
}

/** A change a log filter reports: a mined log (removed by a reorg, or not), or a pending log. */
export type LogChange =
  | { kind: 'mined'; log: PositionedLog; removed: boolean }
  | { kind: 'pending'; log: Log }

export type FilterKind = 'log' | 'block' | 'pendingTransaction'
