import type { RpcTransaction } from 'viem'
import { defineMethod, returns } from '../defineMethod.ts'
import { formatFoundTransaction } from '../formatters/transaction.ts'
import { hash32 } from '../schemas.ts'
import { transactionByHash } from '../transactionLookup.ts'

export const eth_getTransactionByHash = defineMethod({
  name: 'eth_getTransactionByHash',
  description: 'A mined transaction with its position, a pooled one with null block fields, or null.',
  params: [hash32],
  result: returns<RpcTransaction | null>(),
  reads: { block: { param: 0, kind: 'transaction' } },
  lagged: true,
  fork: 'forwarded',
  cost: { infura: 80, alchemy: 20 },
  handler: ([hash], { node }) => formatFoundTransaction(transactionByHash(node, hash)),
})
