import type { Quantity } from 'viem'
import { defineMethod, returns } from '../defineMethod.ts'
import { toQuantity } from '../formatters/hex.ts'

export const eth_chainId = defineMethod({
  name: 'eth_chainId',
  description: "The network's chain id (EIP-695).",
  params: [],
  result: returns<Quantity>(),
  cost: { infura: 5, alchemy: 0 },
  handler: (_params, { node }) => toQuantity(node.chainId),
})
