import { NODE_DEFAULTS } from '../../nodeOptions.ts'
import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { toQuantity } from '../formatters/hex.ts'

/** eth_gasPrice: the next block's base fee plus the default tip, so a legacy tx at this price is mined. */
export const eth_gasPrice: MethodHandler = withParams([], (_params, { node }) => {
  return toQuantity(node.nextBaseFee + NODE_DEFAULTS.priorityFee)
})
