import type { RpcUncle } from 'viem'
import { answerUncle, blockRead } from '../blockRead.ts'
import { returns } from '../defineMethod.ts'
import { blockTag, uint64 } from '../schemas.ts'

export const eth_getUncleByBlockNumberAndIndex = blockRead('number', {
  name: 'eth_getUncleByBlockNumberAndIndex',
  description: 'An uncle of the block as geth formats it, or null (always, after the merge).',
  params: [blockTag, uint64],
  result: returns<RpcUncle | null>(),
  answer: (found, [, index]) => answerUncle(found, index),
})
