import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { resolveBlockByTag } from '../blockResolution.ts'
import { formatUncle } from '../formatters/uncle.ts'
import { blockTag, uint64 } from '../schemas.ts'

/** eth_getUncleByBlockNumberAndIndex [tag, index]: an uncle of the block as geth formats it, or null (always, after the merge). */
export const eth_getUncleByBlockNumberAndIndex: MethodHandler = withParams([blockTag, uint64], async ([tag, index], { node }) => {
  const found = await resolveBlockByTag(node, tag)
  if (!found) return null
  return formatUncle('pending' in found ? found.pending.block : found.block.toBlock(), index)
})
