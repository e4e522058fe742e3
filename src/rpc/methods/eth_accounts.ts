import type { Address } from 'viem'
import { defineMethod, returns } from '../defineMethod.ts'
import { toData } from '../formatters/hex.ts'

export const eth_accounts = defineMethod({
  name: 'eth_accounts',
  description: 'The dev accounts the node signs for.',
  params: [],
  result: returns<Address[]>(),
  cost: { infura: 80, alchemy: 10 },
  handler: (_params, { node }) => node.accounts.map((a) => toData(a.address)),
})
