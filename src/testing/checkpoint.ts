import type { MiningStatus } from '../node.ts'
import { CheckpointLost } from './errors.ts'
import type { ChainsimNetwork } from './startChainsim.ts'

/** Goes back to a checkpoint (once). */
export type Restore = () => Promise<void>


/**
 * Snapshots each network: its chain, pool and clock (evm_snapshot), and what a test may change besides, its
 * mining mode and armed faults. Restoring waits until the network has settled, so no notification of the
 * test is still on its way, then reverts: filters and subscriptions the test left installed are told of the
 * removed blocks, as after a reorg.
 */
export async function takeCheckpoint(networks: readonly ChainsimNetwork[]): Promise<Restore> {
  const saved = await Promise.all(networks.map(async (network) => ({ network, id: await network.node.snapshot(), mining: network.node.mining })))
  return async () => {
    for (const { network, id, mining } of saved) {
      await network.node.settled()
      if (!(await network.node.revert(id))) throw new CheckpointLost(network.name)
      await restoreMining(network, mining)
      network.faults.clear()
    }
  }
}

async function restoreMining({ node }: ChainsimNetwork, mining: MiningStatus): Promise<void> {
  if (node.mining.intervalMs !== mining.intervalMs) await node.setIntervalMining(mining.intervalMs ?? 0)
  if (node.mining.automine !== mining.automine) await node.setAutomine(mining.automine, { mineWaiting: false })
}
