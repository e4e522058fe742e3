import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { address } from '../schemas.ts'

/** anvil_stopImpersonatingAccount [address]: eth_sendTransaction no longer sends as `address` without its key. */
export const anvil_stopImpersonatingAccount: MethodHandler = withParams([address], async ([account], { node }) => {
  await node.signing.stopImpersonating(account)
  return null
})
