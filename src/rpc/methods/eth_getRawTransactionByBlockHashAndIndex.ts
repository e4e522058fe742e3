import type { Hex } from 'viem'
import { blockRead } from '../blockRead.ts'
import { returns } from '../defineMethod.ts'
import { formatRawTransaction } from '../formatters/transaction.ts'
import { hash32, quantity } from '../schemas.ts'
import { transactionInBlock } from '../transactionLookup.ts'

export const eth_getRawTransactionByBlockHashAndIndex = blockRead('hash', {
  name: 'eth_getRawTransactionByBlockHashAndIndex',
  description: "A block's transaction by position as its EIP-2718 envelope, or null.",
  params: [hash32, quantity],
  result: returns<Hex | null>(),
  answer: (found, [, index]) => formatRawTransaction(transactionInBlock(found, index)),
})
