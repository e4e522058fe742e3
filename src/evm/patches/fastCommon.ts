import { Common } from '@ethereumjs/common'
import type { HardforkByOpts } from '@ethereumjs/common'
import { TypeOutput, toType } from '@ethereumjs/util'
import { overlayCodeSizeLimit } from './codeSizeLimit.ts'

/** Past this, @ethereumjs/common 10.1.3 compares fork times through floating point and fails. */
const MAX_SAFE_TIMESTAMP = BigInt(Number.MAX_SAFE_INTEGER)

/**
 * Common with a constant-time `isActivatedEIP`. ethereumjs asks it on every EVM step (twice, for
 * the stateless EIPs) and in many gas functions, and answers by scanning the list of the
 * hardfork's active EIPs: that scan was ~6% of the time spent mining a block of log-heavy calls.
 * This answers from a Set made from the same list, and rebuilt whenever Common replaces the list
 * (a hardfork change builds a new array).
 *
 * Fork selection by timestamp holds for any uint64 time: Common 10.1.3 turns the timestamp into a
 * float and throws "Maximum HF determined by block number is lower than timestamp HF" above 2^53
 * (`evm_mine` far in the future on a chain with a fork schedule). No fork is scheduled that late, so
 * the time is capped there before Common sees it.
 *
 * A chain's own contract size limit (src/evm/patches/codeSizeLimit.ts) is laid over each params cache it builds.
 */
export class FastCommon extends Common {
  override getHardforkBy(opts: HardforkByOpts): string {
    const timestamp = toType(opts.timestamp, TypeOutput.BigInt)
    if (timestamp === undefined || timestamp <= MAX_SAFE_TIMESTAMP) return super.getHardforkBy(opts)
    return super.getHardforkBy({ ...opts, timestamp: MAX_SAFE_TIMESTAMP })
  }

  override isActivatedEIP(eip: number): boolean {
    const list = this._activatedEIPsCache
    let set = activeSets.get(list)
    if (set === undefined) {
      set = new Set(list)
      activeSets.set(list, set)
    }
    return set.has(eip)
  }

  protected override _buildParamsCache(): void {
    super._buildParamsCache()
    overlayCodeSizeLimit(this, this._paramsCache)
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
