import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { resolveBlockByTag } from '../blockResolution.ts'
import { toQuantity } from '../formatters/hex.ts'
import { blockTag } from '../schemas.ts'

/** eth_getUncleCountByBlockNumber [tag]: how many uncles the block has (0 after the merge), or null for none. */
export const eth_getUncleCountByBlockNumber: MethodHandler = withParams([blockTag], async ([tag], { node }) => {
  const found = await resolveBlockByTag(node, tag)
  if (!found) return null
  return toQuantity(('pending' in found ? found.pending.block : found.block.toBlock()).uncleHeaders.length)
})
