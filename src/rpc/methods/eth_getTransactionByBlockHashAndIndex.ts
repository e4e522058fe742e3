import type { RpcTransaction } from 'viem'
import { defineMethod, returns } from '../defineMethod.ts'
import { formatFoundTransaction } from '../formatters/transaction.ts'
import { hash32, quantity } from '../schemas.ts'
import { transactionInBlockByHash } from '../transactionLookup.ts'

export const eth_getTransactionByBlockHashAndIndex = defineMethod({
  name: 'eth_getTransactionByBlockHashAndIndex',
  description: "A block's transaction by position, or null.",
  params: [hash32, quantity],
  result: returns<RpcTransaction | null>(),
  reads: { block: { param: 0, kind: 'hash' } },
  lagged: true,
  fork: 'forwarded',
  cost: { infura: 150, alchemy: 20 },
  handler: ([hash, index], { node }) => formatFoundTransaction(transactionInBlockByHash(node, hash, index)),
})
