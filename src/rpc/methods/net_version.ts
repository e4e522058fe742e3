import { defineMethod, returns, twinOf } from '../defineMethod.ts'

export const net_version = defineMethod({
  name: 'net_version',
  description: "The network id as a decimal string; chainsim's equals the chain id.",
  params: [],
  result: returns<string>(),
  cost: { infura: 5, alchemy: 0 },
  handler: (_params, { node }) => node.chainId.toString(10),
})

/** Anvil's name for net_version: the same decimal string. */
export const eth_networkId = twinOf(net_version, 'eth_networkId', 'same')
