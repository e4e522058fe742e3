import { ServerError } from '../../errors.ts'
import { defineMethod, returns } from '../defineMethod.ts'
import { traceBlock } from '../blockTraces.ts'
import type { GethBlockTrace } from '../blockTraces.ts'
import { toData } from '../formatters/hex.ts'
import { traceConfig } from '../traceConfig.ts'
import { hash32 } from '../schemas.ts'

export const debug_traceBlockByHash = defineMethod({
  name: 'debug_traceBlockByHash',
  description: 'Each transaction of any known block (canonical or orphaned), re-executed and traced.',
  params: [hash32, traceConfig],
  result: returns<GethBlockTrace[]>(),
  reads: { block: { param: 0, kind: 'hash' }, state: true },
  lagged: true,
  fork: 'passedOn',
  handler: async ([hash, spec], { node }) => {
    const block = node.chain.blockByHash(hash)
    if (!block) throw new ServerError(`block ${toData(hash)} not found`)
    return traceBlock(node, block, spec)
  },
})
