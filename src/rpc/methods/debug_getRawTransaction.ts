import type { Hex } from 'viem'
import { defineMethod, returns } from '../defineMethod.ts'
import { formatRawTransaction } from '../formatters/transaction.ts'
import { hash32 } from '../schemas.ts'
import { transactionByHash } from '../transactionLookup.ts'

export const debug_getRawTransaction = defineMethod({
  name: 'debug_getRawTransaction',
  description: "geth's debug name for eth_getRawTransactionByHash: a mined or pooled transaction's envelope, or null.",
  params: [hash32],
  result: returns<Hex | null>(),
  reads: { block: { param: 0, kind: 'transaction' } },
  lagged: true,
  fork: 'forwarded',
  handler: ([hash], { node }) => formatRawTransaction(transactionByHash(node, hash)),
})
