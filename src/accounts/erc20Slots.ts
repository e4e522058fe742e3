import { bigIntToBytes, bytesToBigInt, equalsBytes, setLengthLeft } from '../evm/index.ts'
import type { AccountOverride, CallRequest, CallResult } from '../evm/index.ts'

/** Runs a call on the head's state, with state overrides applied to a copy, or reporting what it read. */
export type HeadCall = (request: CallRequest, options: { stateOverrides?: readonly AccountOverride[]; reportAccessList?: boolean }) => Promise<CallResult>

/** A value as a storage word. */
export function storageWord(value: bigint): Uint8Array {
  return setLengthLeft(bigIntToBytes(value), 32)
}

/** The 32-byte word a view answered, as a number; undefined when it failed or answered something else. */
function wordOf(result: CallResult): bigint | undefined {
  return result.success && result.returnValue.length === 32 ? bytesToBigInt(result.returnValue) : undefined
}

/**
 * Where `token` keeps what its view `calldata` reads (`balanceOf(holder)`, `allowance(owner, spender)`), found as
 * Anvil finds it, whatever the token's layout: each slot of the token the view reads (its access list) is set, in
 * a call only, to `value`, and the first one that makes the view answer `value` is the one. `undefined` when none
 * does (not an ERC-20, a balance computed rather than stored); `'already'` when the view answers `value` now, so
 * that every slot would pass and nothing needs writing.
 */
export async function findErc20Slot(call: HeadCall, token: Uint8Array, calldata: Uint8Array, value: bigint): Promise<Uint8Array | 'already' | undefined> {
  const request: CallRequest = { from: new Uint8Array(20), to: token, data: calldata }
  const traced = await call(request, { reportAccessList: true })
  if (wordOf(traced) === value) return 'already'
  for (const entry of traced.accessList ?? []) {
    if (!equalsBytes(entry.address, token)) continue
    for (const slot of entry.storageKeys) {
      const probed = await call(request, { stateOverrides: [{ address: token, stateDiff: [[slot, storageWord(value)]] }] })
      if (wordOf(probed) === value) return slot
    }
  }
  return undefined
}
