import type { Hex } from 'viem'
import { defineMethod, returns, twinOf } from '../defineMethod.ts'
import { formatRawTransaction } from '../formatters/transaction.ts'
import { hash32 } from '../schemas.ts'
import { transactionByHash } from '../transactionLookup.ts'

export const eth_getRawTransactionByHash = defineMethod({
  name: 'eth_getRawTransactionByHash',
  description: "A mined or pooled transaction's EIP-2718 envelope by hash, or null.",
  params: [hash32],
  result: returns<Hex | null>(),
  reads: { block: { param: 0, kind: 'transaction' } },
  lagged: true,
  fork: 'forwarded',
  handler: ([hash], { node }) => formatRawTransaction(transactionByHash(node, hash)),
})

/** geth's debug name for the same read. */
export const debug_getRawTransaction = twinOf(eth_getRawTransactionByHash, 'debug_getRawTransaction', 'same')
