import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'

/** anvil_getAutomine: whether each transaction is mined as it arrives. */
export const anvil_getAutomine: MethodHandler = withParams([], (_params, { node }) => node.settings.mining.automine)
