import type { MethodHandler } from '../methodContext.ts'
import { toQuantity } from '../formatters/hex.ts'
import { parseParams } from '../schemas.ts'

/** eth_blockNumber: the head's number. */
export const eth_blockNumber: MethodHandler = (params, { node }) => {
  parseParams('eth_blockNumber', [], params)
  return toQuantity(node.head.number)
}
