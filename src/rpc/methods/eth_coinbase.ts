import type { Address } from 'viem'
import { defineMethod, returns } from '../defineMethod.ts'
import { toData } from '../formatters/hex.ts'

export const eth_coinbase = defineMethod({
  name: 'eth_coinbase',
  description: 'Who receives the fees of mined blocks (the zero address unless anvil_setCoinbase said otherwise).',
  params: [],
  result: returns<Address>(),
  handler: (_params, { node }) => toData(node.settings.coinbase),
})
