import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { uint64OrNumber } from '../controlSchemas.ts'

/** evm_setNextBlockTimestamp [timestamp]: the next block gets exactly this timestamp. */
export const evm_setNextBlockTimestamp: MethodHandler = withParams([uint64OrNumber], async ([timestamp], { node }) => {
  await node.settings.setNextBlockTimestamp(timestamp)
  return null
})
