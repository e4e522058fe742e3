import type { MethodHandler } from '../methodContext.ts'
import { toQuantity } from '../formatters/hex.ts'
import { parseParams } from '../schemas.ts'

/** eth_blobBaseFee: the blob gas price of the next block (EIP-4844). */
export const eth_blobBaseFee: MethodHandler = (params, { node }) => {
  parseParams('eth_blobBaseFee', [], params)
  return toQuantity(node.nextBlobBaseFee)
}
