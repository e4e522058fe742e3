import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { uint64OrNumber } from '../controlSchemas.ts'

/**
 * anvil_setBlockTimestampInterval [seconds]: each next block is `seconds` after its parent (at least one,
 * the post-merge rule), whatever the clock says, until anvil_removeBlockTimestampInterval.
 */
export const anvil_setBlockTimestampInterval: MethodHandler = withParams([uint64OrNumber], async ([seconds], { node }) => {
  await node.settings.setBlockTimestampInterval(seconds)
  return null
})
