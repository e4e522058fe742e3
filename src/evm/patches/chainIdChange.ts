import type { Common } from '@ethereumjs/common'

/**
 * anvil_setChainId: the chain id changes for every VM, EVM and Common copy a chain's engine made from its Common.
 * ethereumjs gives no setter, and every copy (copy() is a shallow Object.assign) shares the one `_chainParams`
 * object, so its `chainId` is written in place: the main VM, the call VMs and the rules per fork follow at once.
 * What must keep its old id (a transaction's shared Common) holds a params object of its own (`pinChainId`).
 */
interface ChainParams {
  chainId: number | bigint
}

type WithChainParams = Common & { _chainParams: ChainParams }

/** Gives `common` and every copy made of it the chain id `chainId`. */
export function changeChainId(common: Common, chainId: bigint): void {
  ;(common as WithChainParams)._chainParams.chainId = Number(chainId)
}

/** Gives `common` a chain params object of its own, so that a later changeChainId of the Common it was copied from leaves its id as it is. */
export function pinChainId(common: Common): void {
  const pinned = common as WithChainParams
  pinned._chainParams = { ...pinned._chainParams }
}
