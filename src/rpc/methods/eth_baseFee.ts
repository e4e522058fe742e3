import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { toQuantity } from '../formatters/hex.ts'

/** eth_baseFee: the base fee per gas of the next block. */
export const eth_baseFee: MethodHandler = withParams([], (_params, { node }) => {
  return toQuantity(node.nextBaseFee)
})
