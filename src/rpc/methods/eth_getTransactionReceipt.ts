import type { RpcTransactionReceipt } from 'viem'
import { defineMethod, returns } from '../defineMethod.ts'
import { formatReceipt } from '../formatters/receipt.ts'
import { hash32 } from '../schemas.ts'

export const eth_getTransactionReceipt = defineMethod({
  name: 'eth_getTransactionReceipt',
  description: 'The receipt of a mined canonical transaction, or null.',
  params: [hash32],
  result: returns<RpcTransactionReceipt | null>(),
  reads: { block: { param: 0, kind: 'transaction' } },
  lagged: true,
  fork: 'forwarded',
  cost: { infura: 80, alchemy: 20 },
  handler: ([hash], { node }) => {
    const location = node.chain.transaction(hash)
    return location ? formatReceipt(location.block, location.index) : null
  },
})
