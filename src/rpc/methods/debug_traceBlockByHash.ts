import { ServerError } from '../../errors.ts'
import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { traceBlock } from '../blockTraces.ts'
import { toData } from '../formatters/hex.ts'
import { traceConfig } from '../traceConfig.ts'
import { hash32 } from '../schemas.ts'

/** debug_traceBlockByHash: each transaction of any known block (canonical or orphaned), re-executed and traced. */
export const debug_traceBlockByHash: MethodHandler = withParams([hash32, traceConfig], async ([hash, spec], { node }) => {
  const block = node.chain.blockByHash(hash)
  if (!block) throw new ServerError(`block ${toData(hash)} not found`)
  return traceBlock(node, block, spec)
})
