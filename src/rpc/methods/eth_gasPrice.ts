import { NODE_DEFAULTS } from '../../node.ts'
import type { MethodHandler } from '../methodContext.ts'
import { toQuantity } from '../formatters/hex.ts'
import { parseParams } from '../schemas.ts'

/** eth_gasPrice: the next block's base fee plus the default tip, so a legacy tx at this price is mined. */
export const eth_gasPrice: MethodHandler = (params, { node }) => {
  parseParams('eth_gasPrice', [], params)
  return toQuantity(node.nextBaseFee + NODE_DEFAULTS.priorityFee)
}
