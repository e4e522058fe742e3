import type { Hex } from 'viem'
import { defineMethod, returns } from '../defineMethod.ts'
import { formatRawTransaction } from '../formatters/transaction.ts'
import { blockTag, quantity } from '../schemas.ts'
import { transactionInBlockByTag } from '../transactionLookup.ts'

export const eth_getRawTransactionByBlockNumberAndIndex = defineMethod({
  name: 'eth_getRawTransactionByBlockNumberAndIndex',
  description: "A canonical (or the pending) block's transaction by position as its EIP-2718 envelope, or null.",
  params: [blockTag, quantity],
  result: returns<Hex | null>(),
  reads: { block: { param: 0, kind: 'number' } },
  lagged: true,
  fork: 'forwarded',
  handler: async ([tag, index], { node }) => formatRawTransaction(await transactionInBlockByTag(node, tag, index)),
})
