import type { Quantity } from 'viem'
import { defineMethod, returns } from '../defineMethod.ts'
import { toQuantity } from '../formatters/hex.ts'
import { hash32 } from '../schemas.ts'

export const eth_getBlockTransactionCountByHash = defineMethod({
  name: 'eth_getBlockTransactionCountByHash',
  description: 'The number of transactions in a block, or null.',
  params: [hash32],
  result: returns<Quantity | null>(),
  reads: { block: { param: 0, kind: 'hash' } },
  lagged: true,
  fork: 'forwarded',
  cost: { infura: 150, alchemy: 20 },
  handler: ([hash], { node }) => {
    const block = node.chain.blockByHash(hash)
    return block ? toQuantity(block.transactions.length) : null
  },
})
