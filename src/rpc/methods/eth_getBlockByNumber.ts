import type { RpcBlock } from 'viem'
import { answerBlock, blockRead } from '../blockRead.ts'
import { returns } from '../defineMethod.ts'
import { blockTag, boolean } from '../schemas.ts'

export const eth_getBlockByNumber = blockRead('number', {
  name: 'eth_getBlockByNumber',
  description: 'A canonical block by number or tag, the pending block, or null.',
  params: [blockTag, boolean.optional()],
  result: returns<RpcBlock | null>(),
  cost: { infura: 80, alchemy: 20 },
  answer: (found, [, fullTransactions]) => answerBlock(found, fullTransactions),
})
