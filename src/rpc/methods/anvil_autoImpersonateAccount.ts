import { defineMethod, hardhatTwin, returns } from '../defineMethod.ts'
import { boolean } from '../schemas.ts'

/**
 * anvil_autoImpersonateAccount [enabled]: eth_sendTransaction then sends as any address without its key, as Anvil's
 * `--auto-impersonate` (contracts too: EIP-3607 does not apply to an impersonated sender); false goes back to
 * the addresses impersonated one by one.
 */
export const anvil_autoImpersonateAccount = defineMethod({
  name: 'anvil_autoImpersonateAccount',
  description: 'eth_sendTransaction sends as any address without its key (true) or only the impersonated ones (false).',
  params: [boolean],
  result: returns<null>(),
  writes: true,
  control: true,
  handler: async ([enabled], { node }) => {
    await node.signing.setAutoImpersonate(enabled)
    return null
  },
})

export const hardhat_autoImpersonateAccount = hardhatTwin(anvil_autoImpersonateAccount, 'same')
