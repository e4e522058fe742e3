import type { Quantity } from 'viem'
import { defineMethod, returns } from '../defineMethod.ts'
import { resolveStateBlock } from '../blockResolution.ts'
import { toQuantity } from '../formatters/hex.ts'
import { address, blockTagOrHash } from '../schemas.ts'

export const eth_getBalance = defineMethod({
  name: 'eth_getBalance',
  description: "An account's balance in wei at a block (latest when omitted).",
  params: [address, blockTagOrHash.optional()],
  result: returns<Quantity>(),
  reads: { block: { param: 1, kind: 'reference' }, state: true },
  lagged: true,
  fork: 'forwarded',
  cost: { infura: 80, alchemy: 20 },
  handler: async ([account, ref], { node }) => {
    const block = await resolveStateBlock(node, ref ?? 'latest')
    return toQuantity(await node.execution.stateAt(block).getBalance(account))
  },
})
