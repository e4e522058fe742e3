import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { toQuantity } from '../formatters/hex.ts'

/** eth_blobBaseFee: the blob gas price of the next block (EIP-4844). */
export const eth_blobBaseFee: MethodHandler = withParams([], (_params, { node }) => {
  return toQuantity(node.nextBlobBaseFee)
})
