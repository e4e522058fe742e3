import type { Hash, Quantity } from 'viem'
import { defineMethod, returns } from '../defineMethod.ts'
import { toData, toQuantity } from '../formatters/hex.ts'
import { NODE_DEFAULTS } from '../../nodeOptions.ts'

/** anvil_nodeInfo's answer, field for field Anvil's. */
export interface AnvilNodeInfo {
  currentBlockNumber: Quantity
  currentBlockTimestamp: number
  currentBlockHash: Hash
  hardFork: string
  transactionOrder: 'fees'
  environment: { baseFee: Quantity; chainId: number; gasLimit: Quantity; gasPrice: Quantity }
  forkConfig: { forkUrl: null; forkBlockNumber: null; forkRetryBackoff: null }
}

/**
 * anvil_nodeInfo: Anvil's description of the node, field for field: the head, the hardfork, the pool's
 * order (by fees, as geth's), and what the next block is built with (base fee, gas limit, eth_gasPrice).
 */
export const anvil_nodeInfo = defineMethod({
  name: 'anvil_nodeInfo',
  description: "Anvil's description of the node: head, hardfork, pool order, what the next block is built with.",
  params: [],
  result: returns<AnvilNodeInfo>(),
  control: true,
  handler: (_params, { node }) => {
    const head = node.head
    return {
      currentBlockNumber: toQuantity(head.number),
      currentBlockTimestamp: Number(head.timestamp),
      currentBlockHash: toData(head.hash),
      hardFork: capitalized(node.hardfork),
      transactionOrder: 'fees' as const,
      environment: {
        baseFee: toQuantity(node.nextBaseFee),
        chainId: Number(node.chainId),
        gasLimit: toQuantity(node.settings.blockGasLimit),
        gasPrice: toQuantity(node.nextBaseFee + NODE_DEFAULTS.priorityFee),
      },
      forkConfig: { forkUrl: null, forkBlockNumber: null, forkRetryBackoff: null },
    }
  },
})

/** Anvil names hardforks as revm does: `Prague`, `Cancun`. */
function capitalized(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1)
}
