import type { Hex } from 'viem'
import { defineMethod, returns } from '../defineMethod.ts'
import { formatRawTransaction } from '../formatters/transaction.ts'
import { hash32, quantity } from '../schemas.ts'
import { transactionInBlockByHash } from '../transactionLookup.ts'

export const eth_getRawTransactionByBlockHashAndIndex = defineMethod({
  name: 'eth_getRawTransactionByBlockHashAndIndex',
  description: "A block's transaction by position as its EIP-2718 envelope, or null.",
  params: [hash32, quantity],
  result: returns<Hex | null>(),
  reads: { block: { param: 0, kind: 'hash' } },
  lagged: true,
  fork: 'forwarded',
  handler: ([hash, index], { node }) => formatRawTransaction(transactionInBlockByHash(node, hash, index)),
})
