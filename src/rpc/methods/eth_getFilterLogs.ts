import { InvalidParamsError, ServerError } from '../../errors.ts'
import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { filterId } from '../filterId.ts'
import { logsJson } from '../formatters/logsJson.ts'
import { logsOrThrow } from '../logFilter.ts'

/**
 * eth_getFilterLogs: every canonical log matching an installed log filter, re-run at call time
 * (`latest` resolved now, a future end cut at the head) under eth_getLogs' limits.
 */
export const eth_getFilterLogs: MethodHandler = withParams([filterId], async ([id], { node, profile }) => {
  const { kind, criteria } = node.filters.describe(id)
  if (kind !== 'log' || !criteria) throw new ServerError('filter not found')
  if (criteria.fromBlock === 'pending') throw new InvalidParamsError('pending logs are not supported')
  const { canonical, pending } = logsOrThrow(await node.queryLogs(criteria, profile.logLimits, { clampToHead: true }), profile)
  return logsJson(canonical, pending)
})
