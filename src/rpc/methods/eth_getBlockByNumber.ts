import type { RpcBlock } from 'viem'
import { defineMethod, returns } from '../defineMethod.ts'
import { resolveBlockByTag } from '../blockResolution.ts'
import { formatBlock } from '../formatters/block.ts'
import { blockTag, boolean } from '../schemas.ts'

export const eth_getBlockByNumber = defineMethod({
  name: 'eth_getBlockByNumber',
  description: 'A canonical block by number or tag, the pending block, or null.',
  params: [blockTag, boolean.optional()],
  result: returns<RpcBlock | null>(),
  reads: { block: { param: 0, kind: 'number' } },
  lagged: true,
  fork: 'forwarded',
  cost: { infura: 80, alchemy: 20 },
  handler: async ([tag, fullTransactions], { node }) => {
    const found = await resolveBlockByTag(node, tag)
    if (!found) return null
    const full = fullTransactions ?? false
    if ('pending' in found) {
      return formatBlock(found.pending.block, found.pending.transactions, { fullTransactions: full, pending: true })
    }
    return formatBlock(found.block.toBlock(), found.block.transactions, { fullTransactions: full })
  },
})
