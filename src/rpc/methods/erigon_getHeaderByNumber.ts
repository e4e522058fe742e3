import type { RpcBlock } from 'viem'
import { defineMethod, returns } from '../defineMethod.ts'
import { resolveBlockByTag } from '../blockResolution.ts'
import { formatBlock } from '../formatters/block.ts'
import { blockTag } from '../schemas.ts'

// Anvil answers Erigon's name with the block as eth_getBlockByNumber gives it without full transactions
// (Erigon's own leaves the transactions out); chainsim answers as Anvil.
export const erigon_getHeaderByNumber = defineMethod({
  name: 'erigon_getHeaderByNumber',
  description: 'A canonical block by number or tag (or the pending block) with its transaction hashes, as Anvil answers it; or null.',
  params: [blockTag],
  result: returns<RpcBlock | null>(),
  reads: { block: { param: 0, kind: 'number' } },
  lagged: true,
  // Only Erigon and Anvil know the name: below the fork block the node answers (it holds no such block).
  fork: 'local',
  handler: async ([tag], { node }) => {
    const found = await resolveBlockByTag(node, tag)
    if (!found) return null
    if ('pending' in found) return formatBlock(found.pending.block, found.pending.transactions, { fullTransactions: false, pending: true })
    return formatBlock(found.block.toBlock(), found.block.transactions, { fullTransactions: false })
  },
})
