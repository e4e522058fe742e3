import type { Quantity } from 'viem'
import { answerTransactionCount, blockRead } from '../blockRead.ts'
import { returns } from '../defineMethod.ts'
import { blockTag } from '../schemas.ts'

export const eth_getBlockTransactionCountByNumber = blockRead('number', {
  name: 'eth_getBlockTransactionCountByNumber',
  description: 'The number of transactions in a block, or null.',
  params: [blockTag],
  result: returns<Quantity | null>(),
  cost: { infura: 150, alchemy: 20 },
  answer: answerTransactionCount,
})
