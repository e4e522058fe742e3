import { defineMethod, returns } from '../defineMethod.ts'
import type { NetworkInfo } from '../explorerAnswers.ts'
import { formatTags } from '../formatters/explorer.ts'
import { toQuantity } from '../formatters/hex.ts'
import { formatReplayStatus } from '../formatters/replayStatus.ts'

/**
 * sim_network: the network at a glance, for the explorer's header: name, chain id, head/safe/finalized, the
 * chain's first block (`first`: 0, or a fork's fork block, below which the blocks are the upstream's), how it
 * mines, finality depths, and how many reorgs, pooled transactions, filters, subscriptions and recorded calls
 * it has; the faults still armed; whether a scenario played it; where its replay of an upstream stands (null
 * without one), and the reorg profile it follows (name and seed, or null).
 */
export const sim_network = defineMethod({
  name: 'sim_network',
  description: 'The network at a glance: head, safe, finalized, mining, finality, counts, armed faults.',
  params: [],
  result: returns<NetworkInfo>(),
  control: true,
  handler: async (_params, { node, faults, requests, scenario }) =>
    node.consistentRead(() => {
      const { finality } = node.chain
      return {
        name: node.name,
        chainId: toQuantity(node.chainId),
        ...formatTags(node),
        top: toQuantity(node.chain.highestNumber),
        first: toQuantity(node.chain.genesis.number),
        mining: { automine: node.settings.mining.automine, intervalMs: node.settings.mining.intervalMs ?? null },
        finality: { safeDepth: Number(finality.safeDepth), finalizedDepth: Number(finality.finalizedDepth) },
        reorgs: node.reorgs.history.total,
        pool: node.pooledTransactions.length,
        filters: node.filters.size,
        subscriptions: node.subscriptions.size,
        requests: requests?.total ?? 0,
        faults: faults?.list() ?? [],
        scenario: scenario !== undefined,
        replay: node.replay ? formatReplayStatus(node.replay.status) : null,
        reorgProfile: node.reorgs.profile ? { name: node.reorgs.profile.profile.name, seed: node.reorgs.profile.seed } : null,
      }
    }),
})
