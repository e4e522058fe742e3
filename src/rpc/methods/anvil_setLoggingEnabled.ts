import { defineMethod, hardhatTwin, returns } from '../defineMethod.ts'
import { boolean } from '../schemas.ts'

/**
 * anvil_setLoggingEnabled [enabled]: turns on or off, while the network serves, the printing of each call it
 * answers (what `--log-requests` prints). The request log the page reads keeps every call either way.
 */
export const anvil_setLoggingEnabled = defineMethod({
  name: 'anvil_setLoggingEnabled',
  description: 'Turns the printing of each answered call (`--log-requests`) on or off.',
  params: [boolean],
  result: returns<null>(),
  control: true,
  handler: ([enabled], { requests }) => {
    if (requests) requests.printing = enabled
    return null
  },
})

export const hardhat_setLoggingEnabled = hardhatTwin(anvil_setLoggingEnabled, 'true')
