import type { MethodHandler } from '../methodContext.ts'
import { toQuantity } from '../formatters/hex.ts'
import { parseParams } from '../schemas.ts'

/** eth_chainId: the network's chain id (EIP-695). */
export const eth_chainId: MethodHandler = (params, { node }) => {
  parseParams('eth_chainId', [], params)
  return toQuantity(node.chainId)
}
