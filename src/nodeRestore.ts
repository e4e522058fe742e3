import type { Chain } from './chain/chain.ts'
import type { ClockMode, ClockState } from './chain/clock.ts'
import type { ChainBlock } from './chain/types.ts'
import { hexToBytes } from './evm/index.ts'
import type { AccountChange, DevAccount, SignedTransaction } from './evm/index.ts'
import type { NetworkImage } from './networkImage.ts'
import type { TrackedParts } from './networkChangeTracker.ts'

/** What a restored network resumes with besides its blocks (a state file's clock, pool and state set on the head). */
export interface RestoredState {
  clock: ClockState
  pool: readonly SignedTransaction[]
  /** State set on the head, as the changes to apply to the head's state (an older state file). */
  headEdits?: readonly AccountChange[]
  /** The rest of a network saved whole (see `NetworkImage`), whose states come held for their holders to take. */
  image?: Pick<NetworkImage, 'headOverride' | 'snapshots' | 'reorgs' | 'impersonated' | 'mining' | 'blockParameters'>
}

/** A whole network rebuilt elsewhere (anvil_loadState): its chain, keys and what it resumes with. */
export interface LoadedNetwork extends RestoredState {
  chain: Chain
  accounts: readonly DevAccount[]
  clockMode: ClockMode
}

/** The parts a restored network's saved state goes back into: the ones a state file keeps (`imageOf` reads them). */
export type ResumedParts = Omit<TrackedParts, 'genesis'>

/**
 * Puts a restored or loaded network's clock, pool and state set on its head back into `parts`, and with an
 * image the rest it saved (snapshots, recorded reorgs, impersonation, mining, block parameters): the inverse of
 * `imageOf` for what is not blocks and states. Runs inside the node's write queue.
 */
export async function resumeNetwork(parts: ResumedParts, state: RestoredState): Promise<void> {
  const chain = parts.chain()
  parts.clock.restore(state.clock)
  for (const signed of state.pool) parts.pool.add(signed)
  const edits = state.headEdits ?? []
  if (edits.length > 0) {
    const head = chain.head
    parts.headState.set(head, await chain.engine.withAccountChanges(head.stateRoot, edits), edits)
  }
  const image = state.image
  if (!image) return
  const head = chain.head
  if (image.headOverride && image.headOverride.headKey === head.hashKey) parts.headState.set(head, image.headOverride.stateRoot, image.headOverride.changes)
  parts.snapshots.restore(image.snapshots.entries, image.snapshots.lastId)
  const block = (key: string) => chain.blockByHash(key) as ChainBlock
  parts.history.restore(
    image.reorgs.records.map((r) => {
      const removed = r.removed.map(block)
      const added = r.added.map(block)
      const logs = (blocks: ChainBlock[]) => blocks.reduce((sum, b) => sum + b.logCount, 0)
      return { ...r, commonAncestor: block(r.commonAncestor), removed, added, removedLogs: logs(removed), addedLogs: logs(added) }
    }),
    image.reorgs.total,
  )
  const accounts = parts.accounts()
  for (const address of image.impersonated) accounts.impersonate(hexToBytes(address as `0x${string}`))
  parts.miner.setAutomine(image.mining.auto)
  parts.miner.setInterval(image.mining.intervalMs ?? 0)
  parts.blockParameters.gasLimit = image.blockParameters.gasLimit
  parts.blockParameters.coinbase = image.blockParameters.coinbase
  if (image.blockParameters.nextBaseFee !== undefined) parts.blockParameters.setNextBaseFee(image.blockParameters.nextBaseFee)
}
