import type { Common } from '@ethereumjs/common'

/**
 * A chain's own EIP-170 contract size limit, and EIP-3860's initcode limit with it (twice the code limit, as
 * revm derives it for Anvil's `--code-size-limit`). ethereumjs reads both as Common params on every contract
 * creation and transaction check, but every VM, EVM and transaction merges its own params tables into the
 * Common it is given, which would put the built-in limits back. So the limit is kept on the Common itself
 * (copies keep it: copy() is a shallow Object.assign) and laid over the params cache each time ethereumjs
 * rebuilds it (`FastCommon._buildParamsCache`).
 */
const LIMIT = Symbol('chainsim.codeSizeLimit')

type LimitedCommon = Common & { [LIMIT]?: number }

/** No limit at all, as Anvil's `--disable-code-size-limit` (which takes usize::MAX). */
export const UNLIMITED_CODE_SIZE = Number.MAX_SAFE_INTEGER

/** Gives `common` (and every copy made of it from now on) a contract code size limit in bytes. */
export function withCodeSizeLimit<T extends Common>(common: T, bytes: number): T {
  ;(common as LimitedCommon)[LIMIT] = bytes
  // The cache is rebuilt by every params merge; a merge of nothing rebuilds it now.
  common.updateParams({})
  return common
}

/** Lays `common`'s own limit over the params cache ethereumjs has just built for it. */
export function overlayCodeSizeLimit(common: Common, paramsCache: Record<string, unknown>): void {
  const bytes = (common as LimitedCommon)[LIMIT]
  if (bytes === undefined) return
  paramsCache['maxCodeSize'] = bytes
  paramsCache['maxInitCodeSize'] = bytes === UNLIMITED_CODE_SIZE ? bytes : 2 * bytes
}
