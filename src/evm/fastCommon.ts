import { Common } from '@ethereumjs/common'

/**
 * Common with a constant-time `isActivatedEIP`. ethereumjs asks it on every EVM step (twice, for
 * the stateless EIPs) and in many gas functions, and answers by scanning the list of the
 * hardfork's active EIPs: that scan was ~6% of the time spent mining a block of log-heavy calls.
 * This answers from a Set made from the same list, and rebuilt whenever Common replaces the list
 * (a hardfork change builds a new array).
 */
export class FastCommon extends Common {
  override isActivatedEIP(eip: number): boolean {
    const list = this._activatedEIPsCache
    let set = activeSets.get(list)
    if (set === undefined) {
      set = new Set(list)
      activeSets.set(list, set)
    }
    return set.has(eip)
  }
}

// Keyed by the list itself, so copies that share a list share its Set; no class fields, since
// instances are made by re-prototyping, never by the constructor.
const activeSets = new WeakMap<readonly number[], Set<number>>()

/**
 * Gives `common` (made by one of ethereumjs' Common factories) the fast lookup, in place. Copies
 * keep it: Common's copy() keeps the prototype.
 */
export function withFastEipLookup<T extends Common>(common: T): T {
  if (!(common instanceof FastCommon)) Object.setPrototypeOf(common, FastCommon.prototype)
  return common
}
