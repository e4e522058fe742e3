import type { MethodHandler } from '../methodContext.ts'
import { toQuantity } from '../formatters/hex.ts'
import { parseParams } from '../schemas.ts'

/** eth_baseFee: the base fee per gas of the next block. */
export const eth_baseFee: MethodHandler = (params, { node }) => {
  parseParams('eth_baseFee', [], params)
  return toQuantity(node.nextBaseFee)
}
