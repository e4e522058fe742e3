import type { Quantity } from 'viem'
import { accountStateRead } from '../accountStateRead.ts'
import { returns } from '../defineMethod.ts'
import { toQuantity } from '../formatters/hex.ts'
import { address, blockTagOrHash } from '../schemas.ts'

export const eth_getTransactionCount = accountStateRead({
  name: 'eth_getTransactionCount',
  description: "An account's nonce at a block; `pending` counts its pooled transactions too.",
  params: [address, blockTagOrHash.optional()],
  result: returns<Quantity>(),
  read: async ([account, ref], stateAtBlock, { node }) => {
    if (ref === 'pending') return toQuantity(await node.pendingNonce(account))
    return toQuantity(await (await stateAtBlock()).getNonce(account))
  },
})
