import type { Quantity } from 'viem'
import { defineMethod, returns } from '../defineMethod.ts'
import { resolveStateBlock } from '../blockResolution.ts'
import { toQuantity } from '../formatters/hex.ts'
import { address, blockTagOrHash } from '../schemas.ts'

export const eth_getTransactionCount = defineMethod({
  name: 'eth_getTransactionCount',
  description: "An account's nonce at a block; `pending` counts its pooled transactions too.",
  params: [address, blockTagOrHash.optional()],
  result: returns<Quantity>(),
  reads: { block: { param: 1, kind: 'reference' }, state: true },
  lagged: true,
  fork: 'forwarded',
  cost: { infura: 80, alchemy: 20 },
  handler: async ([account, ref], { node }) => {
    if (ref === 'pending') return toQuantity(await node.pendingNonce(account))
    const block = await resolveStateBlock(node, ref ?? 'latest')
    return toQuantity(await node.execution.stateAt(block).getNonce(account))
  },
})
