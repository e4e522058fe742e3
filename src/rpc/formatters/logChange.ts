import type { LogChange } from '../../filters/types.ts'
import { formatLog, formatPendingLog } from './log.ts'
import type { RpcLog } from './log.ts'

/** A log filter's change on the wire: a mined log (removed or not) or a pending one. */
export function formatLogChange(change: LogChange): RpcLog {
  return change.kind === 'mined' ? formatLog(change.log, change.removed) : formatPendingLog(change.log)
}
