import type { MiningStatus } from '../node.ts'
import type { FaultInjector, FaultSpec } from '../rpc/faults.ts'
import { CheckpointLost } from './errors.ts'
import type { ChainsimNetwork } from './startChainsim.ts'

/** Goes back to a checkpoint (once). */
export type Restore = () => Promise<void>

/**
 * Snapshots each network: its chain, pool and clock (evm_snapshot), and what a test may change besides, its
 * mining mode and armed faults (the config's too, each with the times it may still act). Restoring waits
 * until the network has settled, so no notification of the test is still on its way, then reverts: filters
 * and subscriptions the test left installed are told of the removed blocks, as after a reorg.
 */
export async function takeCheckpoint(networks: readonly ChainsimNetwork[]): Promise<Restore> {
  const saved = await Promise.all(
    networks.map(async (network) => ({ network, id: await network.node.snapshot(), mining: network.node.mining, faults: network.faults.list() })),
  )
  return async () => {
    for (const { network, id, mining, faults } of saved) {
      await network.node.settled()
      if (!(await network.node.revert(id))) throw new CheckpointLost(network.name)
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

async function restoreMining({ node }: ChainsimNetwork, mining: MiningStatus): Promise<void> {
  if (node.mining.intervalMs !== mining.intervalMs) await node.setIntervalMining(mining.intervalMs ?? 0)
  if (node.mining.automine !== mining.automine) await node.setAutomine(mining.automine, { mineWaiting: false })
}
