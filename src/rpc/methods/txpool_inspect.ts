import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { formatPoolSummary } from '../formatters/poolContent.ts'

/** txpool_inspect: every pooled transaction in one line of text, by checksummed sender and decimal nonce (geth's form). */
export const txpool_inspect: MethodHandler = withParams([], async (_params, { node }) => {
  const { pending, queued } = await node.poolContent()
  return { pending: formatPoolSummary(pending), queued: formatPoolSummary(queued) }
})
