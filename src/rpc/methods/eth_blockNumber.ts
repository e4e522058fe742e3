import type { Quantity } from 'viem'
import { defineMethod, returns } from '../defineMethod.ts'
import { toQuantity } from '../formatters/hex.ts'

export const eth_blockNumber = defineMethod({
  name: 'eth_blockNumber',
  description: "The head's number.",
  params: [],
  result: returns<Quantity>(),
  lagged: true,
  cost: { infura: 80, alchemy: 10 },
  handler: (_params, { node }) => toQuantity(node.head.number),
})
