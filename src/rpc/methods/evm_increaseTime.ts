import type { MethodHandler } from '../methodContext.ts'
import { uint64OrNumber } from '../controlSchemas.ts'
import { toQuantity } from '../formatters/hex.ts'
import { parseParams } from '../schemas.ts'

/** evm_increaseTime [seconds]: later blocks are that much later; returns the total offset. */
export const evm_increaseTime: MethodHandler = async (params, { node }) => {
  const [seconds] = parseParams('evm_increaseTime', [uint64OrNumber], params)
  return toQuantity(await node.increaseTime(seconds))
}
