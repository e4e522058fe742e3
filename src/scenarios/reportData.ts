// What `chainsim play --report` holds of a played scenario, read from its networks in-process; the explorer
// (src/explorer/htmlReport.ts) writes it into the page and answers the page's calls from it.
import type { ReportData, ReportNetwork } from '../explorer/ui/report.ts'
import { MAX_TREE_HEIGHTS } from '../rpc/explorerAnswers.ts'
import type { BlockDetails, ForkTree, NetworkInfo, ScenarioAnswer, TransactionDetails } from '../rpc/explorerAnswers.ts'
import type { PlayedScenario } from './playScenario.ts'

/** Past this many blocks a report holds the tree only, not every block's transactions and logs. */
const MAX_DETAILED_BLOCKS = 2000

/**
 * What a report holds of one played scenario: for each of its networks, the answers the explorer page asks for
 * (sim_network, sim_forkTree over every height, sim_block and sim_transaction for every block of a small chain),
 * got by calling the network in-process as its steps did, and the step list.
 */
export async function collectReportScenario(played: PlayedScenario): Promise<ReportData['scenarios'][number]> {
  const networks: ReportNetwork[] = []
  for (const name of Object.keys(played.nodes)) {
    const call = async <T>(method: string, params: unknown[] = []): Promise<T> => {
      const reply = await played.call(method, params, name)
      if (!reply.ok) throw new Error(`${method} on ${name}: ${reply.error.message}`)
      return reply.result as T
    }
    const network = await call<NetworkInfo>('sim_network')
    const tree = await wholeTree(call, Number(BigInt(network.first)), Number(BigInt(network.top)))
    const blocks: Record<string, BlockDetails> = {}
    const transactions: Record<string, TransactionDetails> = {}
    if (tree.blocks.length <= MAX_DETAILED_BLOCKS) {
      for (const { hash } of tree.blocks) {
        const block = await call<BlockDetails>('sim_block', [{ hash, limit: 500 }])
        blocks[hash] = block
        for (const tx of block.transactions) {
          transactions[`${hash}:${tx.index}`] = await call<TransactionDetails>('sim_transaction', [{ blockHash: hash, index: tx.index }])
        }
      }
    }
    networks.push({ name, network, tree, blocks, transactions, scenario: played.report as unknown as ScenarioAnswer })
  }
  return { file: played.report.file, name: played.report.name, ok: played.report.ok, networks }
}

/** Every height of the chain, from its first block, as one sim_forkTree answer, read a page at a time. */
async function wholeTree(call: <T>(method: string, params?: unknown[]) => Promise<T>, first: number, head: number): Promise<ForkTree> {
  let tree: ForkTree | undefined
  for (let from = first; from <= head; from += MAX_TREE_HEIGHTS) {
    const page = await call<ForkTree>('sim_forkTree', [{ fromBlock: from, toBlock: Math.min(head, from + MAX_TREE_HEIGHTS - 1) }])
    if (!tree) tree = page
    else {
      const known = new Set(tree.reorgs.map((r) => r.id))
      tree = {
        ...page,
        blocks: [...page.blocks, ...tree.blocks],
        crowded: [...page.crowded, ...tree.crowded],
        reorgs: [...tree.reorgs, ...page.reorgs.filter((r) => !known.has(r.id))],
      }
    }
  }
  return { ...(tree as ForkTree), fromBlock: `0x${first.toString(16)}` }
}
