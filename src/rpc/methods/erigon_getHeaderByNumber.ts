import type { RpcBlock } from 'viem'
import { defineMethod, returns } from '../defineMethod.ts'
import { formatBlock } from '../formatters/block.ts'
import { blockNumberOrTag } from '../otsParams.ts'

export const erigon_getHeaderByNumber = defineMethod({
  name: 'erigon_getHeaderByNumber',
  description: "A canonical block by number or tag, transactions as hashes, or null: Otterscan's probe of the node (Anvil answers the whole block too).",
  params: [blockNumberOrTag],
  result: returns<RpcBlock | null>(),
  reads: { block: { param: 0, kind: 'number' } },
  lagged: true,
  fork: 'local',
  handler: ([selector], { node }) => {
    const block = selector === 'pending' ? undefined : node.blockBySelector(selector)
    return block ? formatBlock(block.toBlock(), block.transactions, { fullTransactions: false }) : null
  },
})
