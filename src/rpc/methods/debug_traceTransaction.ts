import { ServerError } from '../../errors.ts'
import { defineMethod, returns } from '../defineMethod.ts'
import { formatTrace } from '../formatters/trace.ts'
import type { GethTrace } from '../formatters/trace.ts'
import { traceConfig } from '../traceConfig.ts'
import { hash32 } from '../schemas.ts'

/**
 * debug_traceTransaction: a mined transaction re-executed on its block's parent state after the
 * transactions before it, traced by geth's struct logger (default), callTracer or prestateTracer.
 */
export const debug_traceTransaction = defineMethod({
  name: 'debug_traceTransaction',
  description: "A mined transaction re-executed where it ran, traced by geth's struct logger, callTracer or prestateTracer.",
  params: [hash32, traceConfig],
  result: returns<GethTrace>(),
  reads: { block: { param: 0, kind: 'transaction' }, state: true },
  lagged: true,
  fork: 'passedOn',
  handler: async ([hash, spec], { node }) => {
    const found = node.transaction(hash)
    // A pooled transaction has no block to be re-executed in: geth does not find it either.
    if (found?.status !== 'mined') throw new ServerError('transaction not found')
    return formatTrace(await node.execution.traceTransaction(found.location.block, found.location.index, spec))
  },
})
