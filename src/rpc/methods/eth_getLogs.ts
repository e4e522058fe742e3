import type { MethodHandler } from '../methodContext.ts'
import { logsJson } from '../formatters/logsJson.ts'
import { parseLogFilter, queryCanonicalLogs, queryPendingLogs, resolveRange } from '../logFilter.ts'

/**
 * eth_getLogs: canonical logs matching the filter, under Infura's limits (parameters checked
 * before any scan; the result count known before any result is built). With `toBlock:
 * "pending"` the pending block's logs follow, with null positions.
 */
export const eth_getLogs: MethodHandler = async (params, { node, limits }) => {
  const spec = parseLogFilter('eth_getLogs', params, limits)
  const range = resolveRange(node, spec)
  // Pending logs count toward the result limit, so they are gathered first.
  const pending = range.pending ? await queryPendingLogs(node, spec) : []
  const canonical = range.canonical ? queryCanonicalLogs(node, spec, range, limits, pending.length) : []
  // Written straight to JSON: 10,000 logs are ~6 MB, and building objects first would dominate.
  return logsJson(canonical, pending)
}
