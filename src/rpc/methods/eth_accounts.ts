import type { Address } from 'viem'
import { defineMethod, returns, twinOf } from '../defineMethod.ts'
import { toData } from '../formatters/hex.ts'

export const eth_accounts = defineMethod({
  name: 'eth_accounts',
  description: 'The dev accounts the node signs for.',
  params: [],
  result: returns<Address[]>(),
  cost: { infura: 80, alchemy: 10 },
  handler: (_params, { node }) => node.accounts.map((a) => toData(a.address)),
})

/** EIP-1102's request for accounts: a node has no user to ask, so it answers eth_accounts, as Anvil does. */
export const eth_requestAccounts = twinOf(eth_accounts, 'eth_requestAccounts', 'same')
