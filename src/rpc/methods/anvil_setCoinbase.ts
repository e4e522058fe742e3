import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { address } from '../schemas.ts'

/** anvil_setCoinbase [address]: who receives the fees of the blocks mined from now on (eth_coinbase answers it). */
export const anvil_setCoinbase: MethodHandler = withParams([address], async ([coinbase], { node }) => {
  await node.settings.setCoinbase(coinbase)
  return null
})
