import type { Quantity } from 'viem'
import { NODE_DEFAULTS } from '../../nodeOptions.ts'
import { defineMethod, returns } from '../defineMethod.ts'
import { toQuantity } from '../formatters/hex.ts'

export const eth_maxPriorityFeePerGas = defineMethod({
  name: 'eth_maxPriorityFeePerGas',
  description: "The tip chainsim's own transactions use (1 gwei, as Anvil).",
  params: [],
  result: returns<Quantity>(),
  cost: { infura: 80, alchemy: 10 },
  handler: () => toQuantity(NODE_DEFAULTS.priorityFee),
})
