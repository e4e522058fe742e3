import type { Quantity } from 'viem'
import { answerTransactionCount, blockRead } from '../blockRead.ts'
import { returns } from '../defineMethod.ts'
import { hash32 } from '../schemas.ts'

export const eth_getBlockTransactionCountByHash = blockRead('hash', {
  name: 'eth_getBlockTransactionCountByHash',
  description: 'The number of transactions in a block, or null.',
  params: [hash32],
  result: returns<Quantity | null>(),
  cost: { infura: 150, alchemy: 20 },
  answer: answerTransactionCount,
})
