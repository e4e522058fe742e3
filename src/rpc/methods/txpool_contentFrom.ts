import { keyOf } from '../../evm/index.ts'
import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { formatTransaction } from '../formatters/transaction.ts'
import { address } from '../schemas.ts'

/** txpool_contentFrom [address]: one sender's pooled transactions, by decimal nonce. */
export const txpool_contentFrom: MethodHandler = withParams([address], async ([sender], { node }) => {
  const key = keyOf(sender)
  const { pending, queued } = await node.poolContent()
  const byNonce = (list: typeof pending) =>
    Object.fromEntries(list.filter((s) => s.fromKey === key).map((s) => [s.tx.nonce.toString(10), formatTransaction(s)]))
  return { pending: byNonce(pending), queued: byNonce(queued) }
})
