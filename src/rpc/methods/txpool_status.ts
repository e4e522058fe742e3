import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { toQuantity } from '../formatters/hex.ts'

/** txpool_status: how many pooled transactions can run now (`pending`) and how many wait (`queued`). */
export const txpool_status: MethodHandler = withParams([], async (_params, { node }) => {
  const { pending, queued } = await node.poolContent()
  return { pending: toQuantity(pending.length), queued: toQuantity(queued.length) }
})
