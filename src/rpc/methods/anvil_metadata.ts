import type { Hash, Hex } from 'viem'
import { defineMethod, hardhatTwin, returns } from '../defineMethod.ts'
import { toData, toQuantity } from '../formatters/hex.ts'
import { version } from '../../version.ts'

/** anvil_metadata's answer, field for field Anvil's (but its build's commit). */
export interface AnvilMetadata {
  clientVersion: string
  clientSemver: string
  chainId: number
  instanceId: Hex
  latestBlockNumber: number
  latestBlockHash: Hash
  forkedNetwork: null
  /** evm_snapshot ids held, each with the block (number, hash) it goes back to. */
  snapshots: Record<Hex, [number, Hash]>
}

/**
 * anvil_metadata (and hardhat_metadata, as Anvil answers both): client, chain id, the instance id (new
 * after anvil_reset and anvil_loadState), the head, no forked network, and the evm_snapshot ids held with
 * the block each goes back to.
 */
export const anvil_metadata = defineMethod({
  name: 'anvil_metadata',
  description: 'Client, chain id, instance id (new after a reset or load), head, and the evm_snapshot ids held.',
  params: [],
  result: returns<AnvilMetadata>(),
  control: true,
  handler: (_params, { node, clientVersion }) => {
    const head = node.head
    return {
      clientVersion,
      clientSemver: version,
      chainId: Number(node.chainId),
      instanceId: toData(node.instanceId),
      latestBlockNumber: Number(head.number),
      latestBlockHash: toData(head.hash),
      forkedNetwork: null,
      snapshots: Object.fromEntries(
        node.reorgs.snapshots.map(({ id, head: block }) => [toQuantity(id), [Number(block.number), toData(block.hash)] as [number, Hash]]),
      ),
    }
  },
})

export const hardhat_metadata = hardhatTwin(anvil_metadata, 'same')
