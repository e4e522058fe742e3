import type { Quantity } from 'viem'
import { answerUncleCount, blockRead } from '../blockRead.ts'
import { returns } from '../defineMethod.ts'
import { blockTag } from '../schemas.ts'

export const eth_getUncleCountByBlockNumber = blockRead('number', {
  name: 'eth_getUncleCountByBlockNumber',
  description: 'How many uncles the block has (0 after the merge), or null for none.',
  params: [blockTag],
  result: returns<Quantity | null>(),
  answer: answerUncleCount,
})
