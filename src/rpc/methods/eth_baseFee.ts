import type { Quantity } from 'viem'
import { defineMethod, returns } from '../defineMethod.ts'
import { toQuantity } from '../formatters/hex.ts'

export const eth_baseFee = defineMethod({
  name: 'eth_baseFee',
  description: 'The base fee per gas of the next block.',
  params: [],
  result: returns<Quantity>(),
  handler: (_params, { node }) => toQuantity(node.nextBaseFee),
})
