import type { Hash, Quantity } from 'viem'
import { defineMethod, returns } from '../defineMethod.ts'
import { toData, toQuantity } from '../formatters/hex.ts'
import { anvilHardforkName } from '../../evm/index.ts'
import { NODE_DEFAULTS } from '../../nodeOptions.ts'

/** anvil_nodeInfo's answer, field for field Anvil's. */
export interface AnvilNodeInfo {
  currentBlockNumber: Quantity
  currentBlockTimestamp: number
  currentBlockHash: Hash
  hardFork: string
  transactionOrder: 'fees'
  environment: { baseFee: Quantity; chainId: number; gasLimit: Quantity; gasPrice: Quantity }
  /** On a forked network: its upstream (as shown, keys cut down), fork block and first retry wait in ms; else all null. */
  forkConfig: { forkUrl: string | null; forkBlockNumber: number | null; forkRetryBackoff: number | null }
}

/**
 * anvil_nodeInfo: Anvil's description of the node, field for field: the head, the hardfork, the pool's
 * order (by fees, as geth's), what the next block is built with (base fee, gas limit, eth_gasPrice), and on a
 * forked network where it forked from.
 */
export const anvil_nodeInfo = defineMethod({
  name: 'anvil_nodeInfo',
  description: "Anvil's description of the node: head, hardfork, pool order, what the next block is built with.",
  params: [],
  result: returns<AnvilNodeInfo>(),
  control: true,
  handler: (_params, { node }) => {
    const head = node.head
    const fork = node.fork?.origin
    return {
      currentBlockNumber: toQuantity(head.number),
      currentBlockTimestamp: Number(head.timestamp),
      currentBlockHash: toData(head.hash),
      hardFork: anvilHardforkName(node.hardfork),
      transactionOrder: 'fees' as const,
      environment: {
        baseFee: toQuantity(node.nextBaseFee),
        chainId: Number(node.chainId),
        gasLimit: toQuantity(node.settings.blockGasLimit),
        gasPrice: toQuantity(node.nextBaseFee + NODE_DEFAULTS.priorityFee),
      },
      forkConfig: {
        forkUrl: fork?.upstream ?? null,
        forkBlockNumber: fork ? Number(fork.blockNumber) : null,
        forkRetryBackoff: fork?.retryBackoffMs ?? null,
      },
    }
  },
})
