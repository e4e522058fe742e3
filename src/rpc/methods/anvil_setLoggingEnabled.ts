import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { boolean } from '../schemas.ts'

/**
 * anvil_setLoggingEnabled [enabled]: turns the network's request log (what `--log-requests` prints) on or
 * off while it serves.
 */
export const anvil_setLoggingEnabled: MethodHandler = withParams([boolean], ([enabled], { requestLogging }) => {
  requestLogging?.set(enabled)
  return null
})
