import type { Hex } from 'viem'
import { defineMethod, returns } from '../defineMethod.ts'
import { resolveStateBlock } from '../blockResolution.ts'
import { toData } from '../formatters/hex.ts'
import { address, blockTagOrHash } from '../schemas.ts'

export const eth_getCode = defineMethod({
  name: 'eth_getCode',
  description: "An account's code at a block (latest when omitted).",
  params: [address, blockTagOrHash.optional()],
  result: returns<Hex>(),
  reads: { block: { param: 1, kind: 'reference' }, state: true },
  lagged: true,
  fork: 'forwarded',
  cost: { infura: 80, alchemy: 20 },
  handler: async ([account, ref], { node }) => {
    const block = await resolveStateBlock(node, ref ?? 'latest')
    return toData(await node.execution.stateAt(block).getCode(account))
  },
})
