import type { MethodHandler } from '../methodContext.ts'
import { resolveBlockByTag } from '../blockResolution.ts'
import { toQuantity } from '../formatters/hex.ts'
import { blockTag, parseParams } from '../schemas.ts'

/** eth_getBlockTransactionCountByNumber: the number of transactions in a block, or null. */
export const eth_getBlockTransactionCountByNumber: MethodHandler = async (params, { node }) => {
  const [tag] = parseParams('eth_getBlockTransactionCountByNumber', [blockTag], params)
  const found = await resolveBlockByTag(node, tag)
  if (!found) return null
  return toQuantity(('pending' in found ? found.pending : found.block).transactions.length)
}
