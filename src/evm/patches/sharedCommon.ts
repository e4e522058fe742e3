import type { Common, ParamsDict } from '@ethereumjs/common'
import { pinChainId } from './chainIdChange.ts'
import { FastCommon } from './fastCommon.ts'

/**
 * The Common that transactions and block headers are built with. ethereumjs gives every
 * transaction and header its own copy of the Common it is handed and merges its params into the
 * copy, which rebuilds a params cache of ~12 KB each time: a node holding 2,000 mined
 * transactions held 25 MB of identical caches, and building each cost a tenth of a millisecond.
 * This Common hands out itself instead of a copy and merges each params table only once, so
 * every transaction and header of a chain at one hardfork shares one.
 *
 * Being shared, it must never change its rules: that would change them for every transaction and
 * header it serves. ethereumjs would do so only when asked to (runTx without
 * skipHardForkValidation, a header built with setHardfork), which chainsim never does with it;
 * should that change, the calls below fail loudly instead.
 */
class SharedCommon extends FastCommon {
  override copy(): this {
    return this
  }

  override setHardfork(): void {
    throw new Error(SHARED_RULES_ARE_FIXED)
  }

  override setHardforkBy(): string {
    throw new Error(SHARED_RULES_ARE_FIXED)
  }

  override setEIPs(): void {
    throw new Error(SHARED_RULES_ARE_FIXED)
  }

  override updateParams(params: ParamsDict): void {
    const seen = merged.get(this) ?? new Set<ParamsDict>()
    merged.set(this, seen)
    if (seen.has(params)) return
    seen.add(params)
    super.updateParams(params)
  }
}

const SHARED_RULES_ARE_FIXED =
  "a transaction's or header's Common is shared by its whole hardfork and cannot change rules; build from the chain's Common instead"

// Instances are made by re-prototyping a copy, never by the constructor, so no class fields.
const merged = new WeakMap<Common, Set<ParamsDict>>()
const shared = new WeakMap<Common, SharedCommon>()

/**
 * The shared Common for `common` at its current hardfork and chain id. After a hardfork change of
 * `common` (a chain that follows forks) or a chain id change (anvil_setChainId) a fresh one is
 * made; what was built before keeps the older one, so the block builder decodes such a
 * transaction again under its block's hardfork, and a transaction signed for the old chain id
 * still decodes.
 */
export function sharedCommonFor(common: Common): Common {
  if (common instanceof SharedCommon) return common
  const known = shared.get(common)
  if (known !== undefined && known.hardfork() === common.hardfork() && known.chainId() === common.chainId()) return known
  // copy() is a shallow Object.assign plus fresh events; re-prototyping it keeps every field.
  const created = Object.setPrototypeOf(common.copy(), SharedCommon.prototype) as SharedCommon
  pinChainId(created)
  shared.set(common, created)
  return created
}
