import type { RpcLog } from 'viem'
import { InvalidParamsError, ServerError } from '../../errors.ts'
import { defineMethod, returns } from '../defineMethod.ts'
import { filterId } from '../filterId.ts'
import { logsJson } from '../formatters/logsJson.ts'
import { logsOrThrow } from '../logFilter.ts'

/**
 * eth_getFilterLogs: every canonical log matching an installed log filter, re-run at call time
 * (`latest` resolved now, a future end cut at the head) under eth_getLogs' limits.
 */
export const eth_getFilterLogs = defineMethod({
  name: 'eth_getFilterLogs',
  description: "Every canonical log matching an installed log filter, re-run now under eth_getLogs' limits.",
  params: [filterId],
  result: returns<RpcLog[]>(),
  cost: { infura: 255, alchemy: 60 },
  handler: async ([id], { node, profile }) => {
    const { kind, criteria } = node.filters.describe(id)
    if (kind !== 'log' || !criteria) throw new ServerError('filter not found')
    if (criteria.fromBlock === 'pending') throw new InvalidParamsError('pending logs are not supported')
    const { canonical, pending } = logsOrThrow(await node.queryLogs(criteria, profile.logLimits, { clampToHead: true }), profile)
    return logsJson(canonical, pending)
  },
})
