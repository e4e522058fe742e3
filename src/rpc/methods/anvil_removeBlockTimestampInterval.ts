import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'

/** anvil_removeBlockTimestampInterval: blocks follow the clock again (from where the interval left them); whether one was set. */
export const anvil_removeBlockTimestampInterval: MethodHandler = withParams([], (_params, { node }) => node.settings.removeBlockTimestampInterval())
