import type { RpcTransaction } from 'viem'
import { defineMethod, returns } from '../defineMethod.ts'
import { formatFoundTransaction } from '../formatters/transaction.ts'
import { blockTag, quantity } from '../schemas.ts'
import { transactionInBlockByTag } from '../transactionLookup.ts'

export const eth_getTransactionByBlockNumberAndIndex = defineMethod({
  name: 'eth_getTransactionByBlockNumberAndIndex',
  description: "A block's transaction by position, or null.",
  params: [blockTag, quantity],
  result: returns<RpcTransaction | null>(),
  reads: { block: { param: 0, kind: 'number' } },
  lagged: true,
  fork: 'forwarded',
  cost: { infura: 150, alchemy: 20 },
  handler: async ([tag, index], { node }) => formatFoundTransaction(await transactionInBlockByTag(node, tag, index)),
})
