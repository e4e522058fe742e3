import type { RpcTransaction } from 'viem'
import { keyOf } from '../../evm/index.ts'
import { defineMethod, returns } from '../defineMethod.ts'
import { formatTransaction } from '../formatters/transaction.ts'
import { address } from '../schemas.ts'

type ByNonce = Record<string, RpcTransaction>

export const txpool_contentFrom = defineMethod({
  name: 'txpool_contentFrom',
  description: "One sender's pooled transactions, by decimal nonce.",
  params: [address],
  result: returns<{ pending: ByNonce; queued: ByNonce }>(),
  handler: async ([sender], { node }) => {
    const key = keyOf(sender)
    const { pending, queued } = await node.poolContent()
    const byNonce = (list: typeof pending): ByNonce =>
      Object.fromEntries(list.filter((s) => s.fromKey === key).map((s) => [s.tx.nonce.toString(10), formatTransaction(s)]))
    return { pending: byNonce(pending), queued: byNonce(queued) }
  },
})
