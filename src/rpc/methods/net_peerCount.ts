import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'

/** net_peerCount: `0x0`, as a geth node with no peers answers; a simulated chain has none. */
export const net_peerCount: MethodHandler = withParams([], () => '0x0')
