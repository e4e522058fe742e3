import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { address } from '../schemas.ts'

/**
 * anvil_impersonateAccount [address]: eth_sendTransaction may then send as `address` without its key, as
 * Anvil does (its transactions carry Anvil's bypass signature and a hash that commits to the sender).
 */
export const anvil_impersonateAccount: MethodHandler = withParams([address], async ([account], { node }) => {
  await node.signing.impersonate(account)
  return null
})
