import type { Hex } from 'viem'
import { blockRead } from '../blockRead.ts'
import { returns } from '../defineMethod.ts'
import { formatRawTransaction } from '../formatters/transaction.ts'
import { blockTag, quantity } from '../schemas.ts'
import { transactionInBlock } from '../transactionLookup.ts'

export const eth_getRawTransactionByBlockNumberAndIndex = blockRead('number', {
  name: 'eth_getRawTransactionByBlockNumberAndIndex',
  description: "A canonical (or the pending) block's transaction by position as its EIP-2718 envelope, or null.",
  params: [blockTag, quantity],
  result: returns<Hex | null>(),
  answer: (found, [, index]) => formatRawTransaction(transactionInBlock(found, index)),
})
