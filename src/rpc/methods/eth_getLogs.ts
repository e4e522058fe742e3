import type { MethodHandler } from '../methodContext.ts'
import { logsJson } from '../formatters/logsJson.ts'
import { logsOrThrow, parseLogFilter } from '../logFilter.ts'

/**
 * eth_getLogs: canonical logs matching the filter, under the network's provider limits (Infura's by
 * default: parameters checked before any scan; the result count known before any result is built). With
 * `toBlock: "pending"` the pending block's logs follow, with null positions.
 */
export const eth_getLogs: MethodHandler = async (params, { method, node, profile }) => {
  const filter = parseLogFilter(method, params, profile)
  const { canonical, pending } = logsOrThrow(await node.queryLogs(filter, profile.logLimits), profile)
  // Written straight to JSON: 10,000 logs are ~6 MB, and building objects first would dominate.
  return logsJson(canonical, pending)
}
