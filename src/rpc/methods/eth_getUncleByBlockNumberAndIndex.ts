import type { RpcUncle } from 'viem'
import { defineMethod, returns } from '../defineMethod.ts'
import { resolveBlockByTag } from '../blockResolution.ts'
import { formatUncle } from '../formatters/uncle.ts'
import { blockTag, uint64 } from '../schemas.ts'

export const eth_getUncleByBlockNumberAndIndex = defineMethod({
  name: 'eth_getUncleByBlockNumberAndIndex',
  description: 'An uncle of the block as geth formats it, or null (always, after the merge).',
  params: [blockTag, uint64],
  result: returns<RpcUncle | null>(),
  reads: { block: { param: 0, kind: 'number' } },
  lagged: true,
  fork: 'forwarded',
  handler: async ([tag, index], { node }) => {
    const found = await resolveBlockByTag(node, tag)
    if (!found) return null
    return formatUncle('pending' in found ? found.pending.block : found.block.toBlock(), index)
  },
})
