import type { MethodHandler } from '../methodContext.ts'
import { toQuantity } from '../formatters/hex.ts'
import { parseParams } from '../schemas.ts'

/** txpool_status: how many pooled transactions can run now (`pending`) and how many wait (`queued`). */
export const txpool_status: MethodHandler = async (params, { node }) => {
  parseParams('txpool_status', [], params)
  const { pending, queued } = await node.poolContent()
  return { pending: toQuantity(pending.length), queued: toQuantity(queued.length) }
}
