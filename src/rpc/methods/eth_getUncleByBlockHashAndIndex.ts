import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { formatUncle } from '../formatters/uncle.ts'
import { hash32, uint64 } from '../schemas.ts'

/** eth_getUncleByBlockHashAndIndex [hash, index]: an uncle of the block as geth formats it, or null (always, after the merge). */
export const eth_getUncleByBlockHashAndIndex: MethodHandler = withParams([hash32, uint64], ([hash, index], { node }) => {
  const block = node.chain.blockByHash(hash)
  return block ? formatUncle(block.toBlock(), index) : null
})
