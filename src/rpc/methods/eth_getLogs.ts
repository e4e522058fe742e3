import type { RpcLog } from 'viem'
import { defineMethod, returns } from '../defineMethod.ts'
import { logsJson } from '../formatters/logsJson.ts'
import { logFilterObject, logsOrThrow, refuseOversizedFilter, toLogFilter } from '../logFilter.ts'

/**
 * eth_getLogs: canonical logs matching the filter, under the network's provider limits (Infura's by
 * default: parameters checked before any scan; the result count known before any result is built). With
 * `toBlock: "pending"` the pending block's logs follow, with null positions.
 */
export const eth_getLogs = defineMethod({
  name: 'eth_getLogs',
  description: 'Canonical logs matching a filter, under the provider\'s limits; with `toBlock: "pending"` the pending block\'s too.',
  params: [logFilterObject],
  result: returns<RpcLog[]>(),
  reads: { block: { param: 0, kind: 'logFilter' } },
  lagged: true,
  fork: 'merged',
  cost: { infura: 255, alchemy: 60 },
  countFirst: (params, { profile }) => refuseOversizedFilter(params[0], profile),
  handler: async ([filter], { node, profile }) => {
    const { canonical, pending } = logsOrThrow(await node.queryLogs(toLogFilter(filter, profile), profile.logLimits), profile)
    // Written straight to JSON: 10,000 logs are ~6 MB, and building objects first would dominate.
    return logsJson(canonical, pending)
  },
})
