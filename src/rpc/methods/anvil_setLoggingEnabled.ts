import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { boolean } from '../schemas.ts'

/**
 * anvil_setLoggingEnabled [enabled]: turns on or off, while the network serves, the printing of each call it
 * answers (what `--log-requests` prints). The page's request record keeps every call either way.
 */
export const anvil_setLoggingEnabled: MethodHandler = withParams([boolean], ([enabled], { requests }) => {
  if (requests) requests.printing = enabled
  return null
})
