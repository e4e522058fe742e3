import type { RpcUncle } from 'viem'
import { defineMethod, returns } from '../defineMethod.ts'
import { formatUncle } from '../formatters/uncle.ts'
import { hash32, uint64 } from '../schemas.ts'

export const eth_getUncleByBlockHashAndIndex = defineMethod({
  name: 'eth_getUncleByBlockHashAndIndex',
  description: 'An uncle of the block as geth formats it, or null (always, after the merge).',
  params: [hash32, uint64],
  result: returns<RpcUncle | null>(),
  reads: { block: { param: 0, kind: 'hash' } },
  lagged: true,
  fork: 'forwarded',
  handler: ([hash, index], { node }) => {
    const block = node.chain.blockByHash(hash)
    return block ? formatUncle(block.toBlock(), index) : null
  },
})
