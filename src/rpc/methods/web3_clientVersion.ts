import { defineMethod, returns } from '../defineMethod.ts'

export const web3_clientVersion = defineMethod({
  name: 'web3_clientVersion',
  description: '`anvil/v<Anvil version>/chainsim/v<version>/node<version>` (configurable: `clientVersion`).',
  params: [],
  result: returns<string>(),
  cost: { infura: 80, alchemy: 20 },
  handler: (_params, { clientVersion }) => clientVersion,
})
