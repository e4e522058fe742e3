import type { BlockDetails, ForkTree, NetworkInfo, ScenarioAnswer, TransactionDetails } from './types.ts'
import { num } from './format.ts'

/** How a report answers a call from what it holds. */
export interface ReportAnswers {
  answer(method: string, params: unknown[]): unknown
}

/** What `chainsim play --report` embeds: per scenario and network, the answers the page asks for. */
export interface ReportData {
  generatedAt: number
  scenarios: Array<{ file: string; name: string; ok: boolean; networks: ReportNetwork[] }>
}

export interface ReportNetwork {
  name: string
  network: NetworkInfo
  /** Every height of the chain in one sim_forkTree answer. */
  tree: ForkTree
  scenario: ScenarioAnswer
  /** sim_block answers by block hash, and sim_transaction answers by `hash:index` (when the chain is small). */
  blocks: Record<string, BlockDetails>
  transactions: Record<string, TransactionDetails>
}

/** Answers the page's calls from a report's network, as the live methods would. */
export function reportAnswers(report: ReportNetwork): ReportAnswers {
  return {
    answer(method, params) {
      const options = (params[0] ?? {}) as Record<string, unknown>
      switch (method) {
        case 'sim_network':
          return report.network
        case 'sim_scenario':
          return report.scenario
        case 'sim_forkTree': {
          const head = num(report.tree.top)
          const from = Math.max(num(report.network.first), Number(options['fromBlock'] ?? 0))
          const to = Math.min(head, Number(options['toBlock'] ?? head))
          const inRange = (hex: string) => num(hex) >= from && num(hex) <= to
          return {
            ...report.tree,
            fromBlock: `0x${from.toString(16)}`,
            toBlock: `0x${to.toString(16)}`,
            blocks: report.tree.blocks.filter((b) => inRange(b.number)),
            crowded: report.tree.crowded.filter((c) => inRange(c.number)),
          }
        }
        case 'sim_block':
          return report.blocks[String(options['hash'])] ?? null
        case 'sim_transaction':
          return report.transactions[`${String(options['blockHash'])}:${String(options['index'])}`] ?? null
        default:
          return undefined
      }
    },
  }
}
