import type { Quantity } from 'viem'
import { defineMethod, returns } from '../defineMethod.ts'
import { toQuantity } from '../formatters/hex.ts'

export const txpool_status = defineMethod({
  name: 'txpool_status',
  description: 'How many pooled transactions can run now (`pending`) and how many wait (`queued`).',
  params: [],
  result: returns<{ pending: Quantity; queued: Quantity }>(),
  handler: async (_params, { node }) => {
    const { pending, queued } = await node.poolContent()
    return { pending: toQuantity(pending.length), queued: toQuantity(queued.length) }
  },
})
