import type { Log } from '../evm/index.ts'
import type { PositionedLog } from '../logs/index.ts'

/** A change a log filter reports: a mined log (removed by a reorg, or not), or a pending log. */
export type LogChange = { kind: 'mined'; log: PositionedLog; removed: boolean } | { kind: 'pending'; log: Log }

export type FilterKind = 'log' | 'block' | 'pendingTransaction'

/** What one poll of a filter returns, by the filter's kind. */
export type FilterChanges =
  | { kind: 'log'; changes: LogChange[] }
  | { kind: 'block'; hashes: Uint8Array[] }
  | { kind: 'pendingTransaction'; hashes: Uint8Array[] }
