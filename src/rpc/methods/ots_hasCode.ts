import { defineMethod, returns } from '../defineMethod.ts'
import { resolveStateBlock } from '../blockResolution.ts'
import { blockReferenceOrNumber } from '../otsParams.ts'
import { address } from '../schemas.ts'

export const ots_hasCode = defineMethod({
  name: 'ots_hasCode',
  description: 'Whether an account has code at a block (a tag, a number, JSON or hex, or a hash).',
  params: [address, blockReferenceOrNumber],
  result: returns<boolean>(),
  reads: { block: { param: 1, kind: 'reference' }, state: true },
  lagged: true,
  fork: 'local',
  handler: async ([account, ref], { node }) => {
    const block = await resolveStateBlock(node, ref)
    return (await node.execution.stateAt(block).getCode(account)).length > 0
  },
})
