import type { Quantity } from 'viem'
import { defineMethod, returns } from '../defineMethod.ts'
import { resolveBlockByTag } from '../blockResolution.ts'
import { toQuantity } from '../formatters/hex.ts'
import { blockTag } from '../schemas.ts'

export const eth_getBlockTransactionCountByNumber = defineMethod({
  name: 'eth_getBlockTransactionCountByNumber',
  description: 'The number of transactions in a block, or null.',
  params: [blockTag],
  result: returns<Quantity | null>(),
  reads: { block: { param: 0, kind: 'number' } },
  lagged: true,
  fork: 'forwarded',
  cost: { infura: 150, alchemy: 20 },
  handler: async ([tag], { node }) => {
    const found = await resolveBlockByTag(node, tag)
    if (!found) return null
    return toQuantity(('pending' in found ? found.pending : found.block).transactions.length)
  },
})
