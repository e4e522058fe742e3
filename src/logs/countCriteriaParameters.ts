import type { LogMatchCriteria } from './types.ts'

/**
 * The number of parameters of log criteria, for the 5,000-parameter limit of `eth_getLogs` and `eth_newFilter`:
 * every address and every topic value, each OR alternative counting as one; wildcards count nothing.
 *
 * @example
 * countCriteriaParameters({ addresses: [a, b], topics: [transfer, null, [x, y]] }) // 5
 */
export function countCriteriaParameters(criteria: LogMatchCriteria): number {
  let count = criteria.addresses?.length ?? 0
  for (const spec of criteria.topics ?? []) {
    if (spec === null) continue
    count += spec instanceof Uint8Array ? 1 : spec.length
  }
  return count
}

/**
 * The most values one position of log criteria holds: the addresses, or one topic position's OR alternatives
 * (geth refuses more than 1,000 in any one position).
 *
 * @example
 * largestCriteriaPosition({ addresses: [a, b], topics: [transfer, null, [x, y, z]] }) // 3
 */
export function largestCriteriaPosition(criteria: LogMatchCriteria): number {
  let largest = criteria.addresses?.length ?? 0
  for (const spec of criteria.topics ?? []) {
    if (spec !== null && !(spec instanceof Uint8Array) && spec.length > largest) largest = spec.length
  }
  return largest
}
