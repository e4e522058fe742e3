import type { RpcTransaction } from 'viem'
import { defineMethod, returns } from '../defineMethod.ts'
import { formatFoundTransaction } from '../formatters/transaction.ts'
import { address, quantity } from '../schemas.ts'

export const eth_getTransactionBySenderAndNonce = defineMethod({
  name: 'eth_getTransactionBySenderAndNonce',
  description: 'The transaction an account sent with a nonce: mined on the canonical chain, or pooled; else null.',
  params: [address, quantity],
  result: returns<RpcTransaction | null>(),
  handler: async ([sender, nonce], { node }) => {
    const found = await node.transactionBySenderAndNonce(sender, nonce)
    if (!found) return null
    return formatFoundTransaction(found.status === 'mined' ? { mined: found.location } : { unmined: found.signed })
  },
})
