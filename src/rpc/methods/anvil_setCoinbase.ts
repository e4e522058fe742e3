import { defineMethod, hardhatTwin, returns } from '../defineMethod.ts'
import { address } from '../schemas.ts'

export const anvil_setCoinbase = defineMethod({
  name: 'anvil_setCoinbase',
  description: 'Who receives the fees of the blocks mined from now on (eth_coinbase answers it).',
  params: [address],
  result: returns<null>(),
  writes: true,
  control: true,
  handler: async ([coinbase], { node }) => {
    await node.settings.setCoinbase(coinbase)
    return null
  },
})

export const hardhat_setCoinbase = hardhatTwin(anvil_setCoinbase, 'true')
