import type { MethodHandler } from '../methodContext.ts'
import { anvil_setCode } from './anvil_setCode.ts'

/** hardhat_setCode: Hardhat's name for anvil_setCode; answers true. */
export const hardhat_setCode: MethodHandler = async (params, ctx) => {
  await anvil_setCode(params, ctx)
  return true
}
