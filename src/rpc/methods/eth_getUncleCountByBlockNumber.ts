import type { Quantity } from 'viem'
import { defineMethod, returns } from '../defineMethod.ts'
import { resolveBlockByTag } from '../blockResolution.ts'
import { toQuantity } from '../formatters/hex.ts'
import { blockTag } from '../schemas.ts'

export const eth_getUncleCountByBlockNumber = defineMethod({
  name: 'eth_getUncleCountByBlockNumber',
  description: 'How many uncles the block has (0 after the merge), or null for none.',
  params: [blockTag],
  result: returns<Quantity | null>(),
  reads: { block: { param: 0, kind: 'number' } },
  lagged: true,
  fork: 'forwarded',
  handler: async ([tag], { node }) => {
    const found = await resolveBlockByTag(node, tag)
    if (!found) return null
    return toQuantity(('pending' in found ? found.pending.block : found.block.toBlock()).uncleHeaders.length)
  },
})
