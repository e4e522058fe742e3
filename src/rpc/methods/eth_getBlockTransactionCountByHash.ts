import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { toQuantity } from '../formatters/hex.ts'
import { hash32 } from '../schemas.ts'

/** eth_getBlockTransactionCountByHash: the number of transactions in a block, or null. */
export const eth_getBlockTransactionCountByHash: MethodHandler = withParams([hash32], ([hash], { node }) => {
  const block = node.chain.blockByHash(hash)
  return block ? toQuantity(block.transactions.length) : null
})
