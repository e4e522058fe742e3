import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { resolveBlockByTag } from '../blockResolution.ts'
import { toQuantity } from '../formatters/hex.ts'
import { blockTag } from '../schemas.ts'

/** eth_getBlockTransactionCountByNumber: the number of transactions in a block, or null. */
export const eth_getBlockTransactionCountByNumber: MethodHandler = withParams([blockTag], async ([tag], { node }) => {
  const found = await resolveBlockByTag(node, tag)
  if (!found) return null
  return toQuantity(('pending' in found ? found.pending : found.block).transactions.length)
})
