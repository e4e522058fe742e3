import type { MiningStatus } from '../mining/testClientSettings.ts'
import type { ChainNode } from '../node.ts'
import type { FaultInjector, FaultSpec } from '../rpc/faults/faultInjector.ts'
import { CheckpointLost } from './errors.ts'

/** Goes back to a checkpoint (once). */
export type Restore = () => Promise<void>

/** What a checkpoint saves and restores of a network (a `ChainsimNetwork` is one). */
export interface CheckpointedNetwork {
  name: string
  node: ChainNode
  faults: FaultInjector
}

/**
 * Snapshots each network: its chain, pool and clock (evm_snapshot), and what a test may change besides, its
 * mining mode and armed faults (the config's too, each with the times it may still act). Restoring waits
 * until the network has settled, so no notification of the test is still on its way, then reverts: filters
 * and subscriptions the test left installed are told of the removed blocks, as after a reorg.
 */
export async function takeCheckpoint(networks: readonly CheckpointedNetwork[]): Promise<Restore> {
  const saved = await Promise.all(
    networks.map(async (network) => ({
      network,
      id: await network.node.reorgs.snapshot(),
      mining: network.node.settings.mining,
      faults: network.faults.list(),
    })),
  )
  return async () => {
    for (const { network, id, mining, faults } of saved) {
      await network.node.settled()
      if (!(await network.node.reorgs.revert(id))) throw new CheckpointLost(network.name)
      await restoreMining(network, mining)
      rearm(network.faults, faults)
    }
  }
}

/** Arms what was armed: a counted fault with the count it had left (a seeded choice starts its sequence again). */
function rearm(injector: FaultInjector, armed: ReturnType<FaultInjector['list']>): void {
  injector.clear()
  for (const { left, ...spec } of armed) injector.arm((left === undefined ? spec : { ...spec, count: left }) as FaultSpec)
}

async function restoreMining({ node }: CheckpointedNetwork, mining: MiningStatus): Promise<void> {
  if (node.settings.mining.intervalMs !== mining.intervalMs) await node.settings.setIntervalMining(mining.intervalMs ?? 0)
  if (node.settings.mining.automine !== mining.automine) await node.settings.setAutomine(mining.automine, { mineWaiting: false })
}
