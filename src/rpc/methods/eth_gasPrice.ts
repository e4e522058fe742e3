import type { Quantity } from 'viem'
import { NODE_DEFAULTS } from '../../nodeOptions.ts'
import { defineMethod, returns } from '../defineMethod.ts'
import { toQuantity } from '../formatters/hex.ts'

export const eth_gasPrice = defineMethod({
  name: 'eth_gasPrice',
  description: "The next block's base fee plus the default tip, so a legacy transaction at this price is mined.",
  params: [],
  result: returns<Quantity>(),
  cost: { infura: 80, alchemy: 20 },
  handler: (_params, { node }) => toQuantity(node.nextBaseFee + NODE_DEFAULTS.priorityFee),
})
