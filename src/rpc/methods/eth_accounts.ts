import type { MethodHandler } from '../methodContext.ts'
import { toData } from '../formatters/hex.ts'
import { parseParams } from '../schemas.ts'

/** eth_accounts: the dev accounts the node signs for. */
export const eth_accounts: MethodHandler = (params, { node }) => {
  parseParams('eth_accounts', [], params)
  return node.accounts.map((a) => toData(a.address))
}
