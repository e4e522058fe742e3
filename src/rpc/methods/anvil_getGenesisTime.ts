import { defineMethod, returns } from '../defineMethod.ts'

/** anvil_getGenesisTime: the genesis block's timestamp in seconds, as a JSON number (Anvil's answer). */
export const anvil_getGenesisTime = defineMethod({
  name: 'anvil_getGenesisTime',
  description: "The genesis block's timestamp in seconds, a JSON number.",
  params: [],
  result: returns<number>(),
  control: true,
  handler: (_params, { node }) => Number(node.chain.genesis.header.timestamp),
})
