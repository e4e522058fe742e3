import { defineMethod, returns } from '../defineMethod.ts'
import { formatPoolSummary } from '../formatters/poolContent.ts'
import type { PoolSummary } from '../formatters/poolContent.ts'

export const txpool_inspect = defineMethod({
  name: 'txpool_inspect',
  description: "Every pooled transaction in one line of text, by checksummed sender and decimal nonce (geth's form).",
  params: [],
  result: returns<{ pending: PoolSummary; queued: PoolSummary }>(),
  handler: async (_params, { node }) => {
    const { pending, queued } = await node.poolContent()
    return { pending: formatPoolSummary(pending), queued: formatPoolSummary(queued) }
  },
})
