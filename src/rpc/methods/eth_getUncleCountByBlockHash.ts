import type { Quantity } from 'viem'
import { defineMethod, returns } from '../defineMethod.ts'
import { toQuantity } from '../formatters/hex.ts'
import { hash32 } from '../schemas.ts'

export const eth_getUncleCountByBlockHash = defineMethod({
  name: 'eth_getUncleCountByBlockHash',
  description: 'How many uncles the block has (0 after the merge), or null for none.',
  params: [hash32],
  result: returns<Quantity | null>(),
  reads: { block: { param: 0, kind: 'hash' } },
  lagged: true,
  fork: 'forwarded',
  handler: ([hash], { node }) => {
    const block = node.chain.blockByHash(hash)
    return block ? toQuantity(block.toBlock().uncleHeaders.length) : null
  },
})
