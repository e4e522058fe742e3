import { defineMethod, returns } from '../defineMethod.ts'
import { formatPoolContent } from '../formatters/poolContent.ts'
import type { PoolTransactions } from '../formatters/poolContent.ts'

export const txpool_content = defineMethod({
  name: 'txpool_content',
  description: "Every pooled transaction, by checksummed sender and decimal nonce (geth's form).",
  params: [],
  result: returns<{ pending: PoolTransactions; queued: PoolTransactions }>(),
  handler: async (_params, { node }) => {
    const { pending, queued } = await node.poolContent()
    return { pending: formatPoolContent(pending), queued: formatPoolContent(queued) }
  },
})
