import type { MethodHandler } from '../methodContext.ts'
import { toQuantity } from '../formatters/hex.ts'
import { hash32, parseParams } from '../schemas.ts'

/** eth_getBlockTransactionCountByHash: the number of transactions in a block, or null. */
export const eth_getBlockTransactionCountByHash: MethodHandler = (params, { node }) => {
  const [hash] = parseParams('eth_getBlockTransactionCountByHash', [hash32], params)
  const block = node.chain.blockByHash(hash)
  return block ? toQuantity(block.transactions.length) : null
}
