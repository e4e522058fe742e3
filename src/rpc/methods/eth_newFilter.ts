import type { MethodHandler } from '../methodContext.ts'
import { parseLogFilter } from '../logFilter.ts'

/**
 * eth_newFilter: installs a log filter and returns its id. The checks of eth_getLogs apply,
 * except that the range may end in the future: its logs arrive as they are mined.
 */
export const eth_newFilter: MethodHandler = (params, { method, node, profile }) => {
  const installed = node.filters.newLogFilter(parseLogFilter(method, params, profile))
  if ('status' in installed) throw profile.refusalError(installed)
  return installed.id
}
