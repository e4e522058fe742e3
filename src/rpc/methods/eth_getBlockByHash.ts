import type { RpcBlock } from 'viem'
import { defineMethod, returns } from '../defineMethod.ts'
import { formatBlock } from '../formatters/block.ts'
import { boolean, hash32 } from '../schemas.ts'

export const eth_getBlockByHash = defineMethod({
  name: 'eth_getBlockByHash',
  description: 'Any known block by hash (orphaned ones too, as geth), or null.',
  params: [hash32, boolean.optional()],
  result: returns<RpcBlock | null>(),
  reads: { block: { param: 0, kind: 'hash' } },
  lagged: true,
  fork: 'forwarded',
  cost: { infura: 80, alchemy: 20 },
  handler: ([hash, fullTransactions], { node }) => {
    const block = node.chain.blockByHash(hash)
    if (!block) return null
    return formatBlock(block.toBlock(), block.transactions, { fullTransactions: fullTransactions ?? false })
  },
})
