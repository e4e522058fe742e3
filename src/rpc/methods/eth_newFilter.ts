import { defineMethod, returns } from '../defineMethod.ts'
import { logFilterObject, refuseOversizedFilter, toLogFilter } from '../logFilter.ts'

/**
 * eth_newFilter: installs a log filter and returns its id. The checks of eth_getLogs apply,
 * except that the range may end in the future: its logs arrive as they are mined.
 */
export const eth_newFilter = defineMethod({
  name: 'eth_newFilter',
  description: "Installs a log filter (eth_getLogs' checks; the range may end in the future); its id.",
  params: [logFilterObject],
  result: returns<string>(),
  cost: { infura: 80, alchemy: 20 },
  countFirst: (params, { profile }) => refuseOversizedFilter(params[0], profile),
  handler: ([filter], { node, profile }) => {
    const installed = node.filters.newLogFilter(toLogFilter(filter, profile))
    if ('status' in installed) throw profile.refusalError(installed)
    return installed.id
  },
})
