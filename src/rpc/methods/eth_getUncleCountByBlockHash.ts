import type { Quantity } from 'viem'
import { answerUncleCount, blockRead } from '../blockRead.ts'
import { returns } from '../defineMethod.ts'
import { hash32 } from '../schemas.ts'

export const eth_getUncleCountByBlockHash = blockRead('hash', {
  name: 'eth_getUncleCountByBlockHash',
  description: 'How many uncles the block has (0 after the merge), or null for none.',
  params: [hash32],
  result: returns<Quantity | null>(),
  answer: answerUncleCount,
})
