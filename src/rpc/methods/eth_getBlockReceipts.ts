import type { RpcTransactionReceipt } from 'viem'
import type { ChainBlock } from '../../chain/types.ts'
import { defineMethod, returns } from '../defineMethod.ts'
import { formatReceipt } from '../formatters/receipt.ts'
import { blockTagOrHash } from '../schemas.ts'

export const eth_getBlockReceipts = defineMethod({
  name: 'eth_getBlockReceipts',
  description: 'Every receipt of a mined block, or null when the block is unknown.',
  params: [blockTagOrHash],
  result: returns<RpcTransactionReceipt[] | null>(),
  reads: { block: { param: 0, kind: 'reference' } },
  lagged: true,
  fork: 'forwarded',
  cost: { infura: 1000, alchemy: 500 },
  handler: ([ref], { node }) => {
    let block: ChainBlock | undefined
    if (typeof ref === 'object') block = node.chain.blockByHash(ref.blockHash)
    else if (ref !== 'pending') block = node.blockBySelector(ref)
    if (!block) return null
    const found = block
    return found.transactions.map((_, index) => formatReceipt(found, index))
  },
})
