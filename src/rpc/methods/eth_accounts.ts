import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { toData } from '../formatters/hex.ts'

/** eth_accounts: the dev accounts the node signs for. */
export const eth_accounts: MethodHandler = withParams([], (_params, { node }) => {
  return node.accounts.map((a) => toData(a.address))
})
