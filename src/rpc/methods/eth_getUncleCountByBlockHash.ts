import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { toQuantity } from '../formatters/hex.ts'
import { hash32 } from '../schemas.ts'

/** eth_getUncleCountByBlockHash [hash]: how many uncles the block has (0 after the merge), or null for none. */
export const eth_getUncleCountByBlockHash: MethodHandler = withParams([hash32], ([hash], { node }) => {
  const block = node.chain.blockByHash(hash)
  return block ? toQuantity(block.toBlock().uncleHeaders.length) : null
})
