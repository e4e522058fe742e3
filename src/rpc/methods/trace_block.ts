import { defineMethod, returns } from '../defineMethod.ts'
import type { LocalizedParityTrace } from '../formatters/parityTrace.ts'
import { parityTracesOfBlock } from '../parityTracing.ts'
import { blockTag } from '../schemas.ts'

export const trace_block = defineMethod({
  name: 'trace_block',
  description: "Every transaction of a canonical block, re-executed, as Parity's flat trace list (none for an unknown block, as Anvil).",
  params: [blockTag],
  result: returns<LocalizedParityTrace[]>(),
  reads: { block: { param: 0, kind: 'number' }, state: true },
  lagged: true,
  fork: 'passedOn',
  handler: async ([tag], { node }) => {
    // The pending block has no hash to localize its traces with.
    const block = tag === 'pending' ? undefined : node.blockBySelector(tag)
    return block ? parityTracesOfBlock(node, block) : []
  },
})
