import type { RpcBlock } from 'viem'
import { answerBlock, blockRead } from '../blockRead.ts'
import { returns } from '../defineMethod.ts'
import { boolean, hash32 } from '../schemas.ts'

export const eth_getBlockByHash = blockRead('hash', {
  name: 'eth_getBlockByHash',
  description: 'Any known block by hash (orphaned ones too, as geth), or null.',
  params: [hash32, boolean.optional()],
  result: returns<RpcBlock | null>(),
  cost: { infura: 80, alchemy: 20 },
  answer: (found, [, fullTransactions]) => answerBlock(found, fullTransactions),
})
