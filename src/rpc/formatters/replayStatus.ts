import type { ComparedValue, ReplayStatus } from '../../replay/types.ts'
import type { ReplayStatus as WireReplayStatus } from '../explorerAnswers.ts'
import { toData, toQuantity } from './hex.ts'

/** sim_replay's answer: block numbers as quantities, the mismatch's values as the wire writes them. */
export function formatReplayStatus(status: ReplayStatus): WireReplayStatus {
  const { mismatch } = status
  return {
    from: toQuantity(status.from),
    to: toQuantity(status.to),
    next: toQuantity(status.next),
    done: status.done,
    paused: status.paused,
    speed: status.speed,
    waiting: status.waiting,
    ...(mismatch
      ? {
          mismatch: {
            block: toQuantity(mismatch.block),
            field: mismatch.field,
            ...(mismatch.transaction ? { transaction: { index: mismatch.transaction.index, hash: toData(mismatch.transaction.hash) } } : {}),
            expected: wireValue(mismatch.expected),
            actual: wireValue(mismatch.actual),
            message: mismatch.message,
          },
        }
      : {}),
    ...(status.error ? { error: status.error } : {}),
  }
}

function wireValue(value: ComparedValue): unknown {
  if (value instanceof Uint8Array) return toData(value)
  if (typeof value === 'bigint') return toQuantity(value)
  return value
}
