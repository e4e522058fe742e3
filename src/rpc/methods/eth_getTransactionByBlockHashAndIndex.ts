import type { RpcTransaction } from 'viem'
import { blockRead } from '../blockRead.ts'
import { returns } from '../defineMethod.ts'
import { formatFoundTransaction } from '../formatters/transaction.ts'
import { hash32, quantity } from '../schemas.ts'
import { transactionInBlock } from '../transactionLookup.ts'

export const eth_getTransactionByBlockHashAndIndex = blockRead('hash', {
  name: 'eth_getTransactionByBlockHashAndIndex',
  description: "A block's transaction by position, or null.",
  params: [hash32, quantity],
  result: returns<RpcTransaction | null>(),
  cost: { infura: 150, alchemy: 20 },
  answer: (found, [, index]) => formatFoundTransaction(transactionInBlock(found, index)),
})
