import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { formatPoolContent } from '../formatters/poolContent.ts'

/** txpool_content: every pooled transaction, by checksummed sender and decimal nonce (geth's form). */
export const txpool_content: MethodHandler = withParams([], async (_params, { node }) => {
  const { pending, queued } = await node.poolContent()
  return { pending: formatPoolContent(pending), queued: formatPoolContent(queued) }
})
