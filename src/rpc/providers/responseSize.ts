import type { Log } from '../../evm/index.ts'
import type { BlockRange, PositionedLog } from '../../logs/index.ts'
import { minedLogJsonLength, pendingLogJsonLength } from '../formatters/logsJson.ts'
import type { ResponseTooLarge } from './providerShape.ts'

/**
 * Whether a log answer's JSON would pass `maxBytes`, counted exactly as logsJson writes it, before it is
 * written; and if so the widest range from the request's start whose logs fit (undefined when its first
 * block's do not).
 */
export function responseSizeRefusal(
  canonical: readonly PositionedLog[],
  pending: readonly Log[],
  maxBytes: number,
  requested: BlockRange,
): ResponseTooLarge | undefined {
  // `[`, `]` and a comma before every log but the first: 1 + Σ (1 + log), or 2 for no log.
  let bytes = 1
  for (const log of canonical) {
    bytes += 1 + minedLogJsonLength(log)
    if (bytes > maxBytes) {
      const suggestedRange = log.blockNumber > requested.from ? { from: requested.from, to: log.blockNumber - 1n } : undefined
      return { status: 'responseTooLarge', limit: maxBytes, requested, suggestedRange }
    }
  }
  for (const log of pending) bytes += 1 + pendingLogJsonLength(log)
  // Only the pending logs overflow (or an empty answer, for a cap under 2 bytes): every canonical block fits.
  return Math.max(bytes, 2) > maxBytes ? { status: 'responseTooLarge', limit: maxBytes, requested, suggestedRange: requested } : undefined
}
