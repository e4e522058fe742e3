import type { MethodHandler } from '../methodContext.ts'
import { formatPoolContent } from '../formatters/poolContent.ts'
import { parseParams } from '../schemas.ts'

/** txpool_content: every pooled transaction, by checksummed sender and decimal nonce (geth's form). */
export const txpool_content: MethodHandler = async (params, { node }) => {
  parseParams('txpool_content', [], params)
  const { pending, queued } = await node.poolContent()
  return { pending: formatPoolContent(pending), queued: formatPoolContent(queued) }
}
