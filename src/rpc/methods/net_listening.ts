import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'

/** net_listening: `true`; a network that answers is listening (geth, Anvil). */
export const net_listening: MethodHandler = withParams([], () => true)
