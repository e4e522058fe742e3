import type { MethodHandler } from '../methodContext.ts'
import { formatBlock } from '../formatters/block.ts'
import { boolean, hash32, parseParams } from '../schemas.ts'

/** eth_getBlockByHash: any known block by hash (orphaned ones too, as geth), or null. */
export const eth_getBlockByHash: MethodHandler = (params, { node }) => {
  const [hash, fullTransactions] = parseParams('eth_getBlockByHash', [hash32, boolean.optional()], params)
  const block = node.chain.blockByHash(hash)
  if (!block) return null
  return formatBlock(block.block, block.transactions, { fullTransactions: fullTransactions ?? false })
}
