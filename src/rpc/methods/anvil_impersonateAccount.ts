import { defineMethod, hardhatTwin, returns } from '../defineMethod.ts'
import { address } from '../schemas.ts'

/**
 * anvil_impersonateAccount [address]: eth_sendTransaction may then send as `address` without its key, as
 * Anvil does (its transactions carry Anvil's bypass signature and a hash that commits to the sender).
 */
export const anvil_impersonateAccount = defineMethod({
  name: 'anvil_impersonateAccount',
  description: "eth_sendTransaction may then send as the address without its key (Anvil's bypass signature).",
  params: [address],
  result: returns<null>(),
  writes: true,
  control: true,
  handler: async ([account], { node }) => {
    await node.signing.impersonate(account)
    return null
  },
})

export const hardhat_impersonateAccount = hardhatTwin(anvil_impersonateAccount, 'true')
