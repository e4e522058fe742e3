import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'

/** eth_syncing: a simulated chain is always in sync. */
export const eth_syncing: MethodHandler = withParams([], () => false)
