import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { toQuantity } from '../formatters/hex.ts'

/** eth_chainId: the network's chain id (EIP-695). */
export const eth_chainId: MethodHandler = withParams([], (_params, { node }) => {
  return toQuantity(node.chainId)
})
