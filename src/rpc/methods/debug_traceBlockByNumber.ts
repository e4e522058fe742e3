import { ServerError } from '../../errors.ts'
import { defineMethod, returns } from '../defineMethod.ts'
import { resolveBlockByTag } from '../blockResolution.ts'
import { traceBlock } from '../blockTraces.ts'
import type { GethBlockTrace } from '../blockTraces.ts'
import { traceConfig } from '../traceConfig.ts'
import { blockTag } from '../schemas.ts'

export const debug_traceBlockByNumber = defineMethod({
  name: 'debug_traceBlockByNumber',
  description: 'Each transaction of a canonical (or the pending) block, re-executed and traced.',
  params: [blockTag, traceConfig],
  result: returns<GethBlockTrace[]>(),
  reads: { block: { param: 0, kind: 'number' }, state: true },
  lagged: true,
  fork: 'passedOn',
  handler: async ([tag, spec], { node }) => {
    const found = await resolveBlockByTag(node, tag)
    if (!found) throw new ServerError(`block #${typeof tag === 'bigint' ? tag : node.chain.tagNumber(tag)} not found`)
    return traceBlock(node, 'pending' in found ? found.pending : found.block, spec)
  },
})
