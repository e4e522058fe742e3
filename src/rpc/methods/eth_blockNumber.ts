import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { toQuantity } from '../formatters/hex.ts'

/** eth_blockNumber: the head's number. */
export const eth_blockNumber: MethodHandler = withParams([], (_params, { node }) => {
  return toQuantity(node.head.number)
})
