import type { RpcUncle } from 'viem'
import { answerUncle, blockRead } from '../blockRead.ts'
import { returns } from '../defineMethod.ts'
import { hash32, uint64 } from '../schemas.ts'

export const eth_getUncleByBlockHashAndIndex = blockRead('hash', {
  name: 'eth_getUncleByBlockHashAndIndex',
  description: 'An uncle of the block as geth formats it, or null (always, after the merge).',
  params: [hash32, uint64],
  result: returns<RpcUncle | null>(),
  answer: (found, [, index]) => answerUncle(found, index),
})
