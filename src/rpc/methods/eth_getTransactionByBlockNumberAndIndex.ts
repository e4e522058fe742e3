import type { RpcTransaction } from 'viem'
import { blockRead } from '../blockRead.ts'
import { returns } from '../defineMethod.ts'
import { formatFoundTransaction } from '../formatters/transaction.ts'
import { blockTag, quantity } from '../schemas.ts'
import { transactionInBlock } from '../transactionLookup.ts'

export const eth_getTransactionByBlockNumberAndIndex = blockRead('number', {
  name: 'eth_getTransactionByBlockNumberAndIndex',
  description: "A block's transaction by position, or null.",
  params: [blockTag, quantity],
  result: returns<RpcTransaction | null>(),
  cost: { infura: 150, alchemy: 20 },
  answer: (found, [, index]) => formatFoundTransaction(transactionInBlock(found, index)),
})
