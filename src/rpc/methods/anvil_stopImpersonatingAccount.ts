import { defineMethod, hardhatTwin, returns } from '../defineMethod.ts'
import { address } from '../schemas.ts'

export const anvil_stopImpersonatingAccount = defineMethod({
  name: 'anvil_stopImpersonatingAccount',
  description: 'eth_sendTransaction no longer sends as the address without its key.',
  params: [address],
  result: returns<null>(),
  writes: true,
  control: true,
  handler: async ([account], { node }) => {
    await node.signing.stopImpersonating(account)
    return null
  },
})

export const hardhat_stopImpersonatingAccount = hardhatTwin(anvil_stopImpersonatingAccount, 'true')
