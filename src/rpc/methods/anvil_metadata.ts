import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { toData, toQuantity } from '../formatters/hex.ts'
import { version } from '../../version.ts'

/**
 * anvil_metadata (and hardhat_metadata, as Anvil answers both): client, chain id, the instance id (new
 * after anvil_reset and anvil_loadState), the head, no forked network, and the evm_snapshot ids held with
 * the block each goes back to.
 */
export const anvil_metadata: MethodHandler = withParams([], (_params, { node, clientVersion }) => {
  const head = node.head
  return {
    clientVersion,
    clientSemver: version,
    chainId: Number(node.chainId),
    instanceId: toData(node.instanceId),
    latestBlockNumber: Number(head.number),
    latestBlockHash: toData(head.hash),
    forkedNetwork: null,
    snapshots: Object.fromEntries(node.reorgs.snapshots.map(({ id, head: block }) => [toQuantity(id), [Number(block.number), toData(block.hash)]])),
  }
})
