import type { MethodHandler } from '../methodContext.ts'
import { parseParams } from '../schemas.ts'

/** eth_syncing: a simulated chain is always in sync. */
export const eth_syncing: MethodHandler = (params) => {
  parseParams('eth_syncing', [], params)
  return false
}
