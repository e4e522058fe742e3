import { ServerError } from '../../errors.ts'
import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { resolveBlockByTag } from '../blockResolution.ts'
import { traceBlock } from '../blockTraces.ts'
import { traceConfig } from '../traceConfig.ts'
import { blockTag } from '../schemas.ts'

/** debug_traceBlockByNumber: each transaction of a canonical (or the pending) block, re-executed and traced. */
export const debug_traceBlockByNumber: MethodHandler = withParams([blockTag, traceConfig], async ([tag, spec], { node }) => {
  const found = await resolveBlockByTag(node, tag)
  if (!found) throw new ServerError(`block #${typeof tag === 'bigint' ? tag : node.chain.tagNumber(tag)} not found`)
  return traceBlock(node, 'pending' in found ? found.pending : found.block, spec)
})
