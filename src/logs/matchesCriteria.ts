import { equalBytes } from './bytes.ts'
import type { LogMatchCriteria } from './types.ts'

/**
 * Whether one log matches the address and topic criteria of a filter: for new, removed and pending logs of
 * log filters and `logs` subscriptions, where there is no range to index. Same rules as {@link LogIndex.query}.
 *
 * @example
 * matchesCriteria(log, { addresses: [token], topics: [transferTopic, null, recipientTopic] })
 */
export function matchesCriteria(log: { address: Uint8Array; topics: readonly Uint8Array[] }, criteria: LogMatchCriteria): boolean {
  const { addresses, topics } = criteria
  const anyAddress = addresses === undefined || addresses.length === 0
  if (!anyAddress && !addresses.some((address) => equalBytes(address, log.address))) return false
  if (topics === undefined) return true
  // geth's rule: N positions need N topics, wildcards included.
  if (topics.length > log.topics.length) return false
  return topics.every((spec, position) => {
    const topic = log.topics[position]!
    if (spec === null) return true
    if (spec instanceof Uint8Array) return equalBytes(spec, topic)
    return spec.length === 0 || spec.some((alternative) => equalBytes(alternative, topic))
  })
}
