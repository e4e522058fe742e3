import { ServerError } from '../../errors.ts'
import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { formatTrace } from '../formatters/trace.ts'
import { traceConfig } from '../traceConfig.ts'
import { hash32 } from '../schemas.ts'

/**
 * debug_traceTransaction: a mined transaction re-executed on its block's parent state after the
 * transactions before it, traced by geth's struct logger (default), callTracer or prestateTracer.
 */
export const debug_traceTransaction: MethodHandler = withParams([hash32, traceConfig], async ([hash, spec], { node }) => {
  const found = node.transaction(hash)
  // A pooled transaction has no block to be re-executed in: geth does not find it either.
  if (found?.status !== 'mined') throw new ServerError('transaction not found')
  return formatTrace(await node.execution.traceTransaction(found.location.block, found.location.index, spec))
})
