import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { uint64OrNumber } from '../controlSchemas.ts'
import { toQuantity } from '../formatters/hex.ts'

/** evm_increaseTime [seconds]: later blocks are that much later; returns the total offset. */
export const evm_increaseTime: MethodHandler = withParams([uint64OrNumber], async ([seconds], { node }) => {
  return toQuantity(await node.settings.increaseTime(seconds))
})
