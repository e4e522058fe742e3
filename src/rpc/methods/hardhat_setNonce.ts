import type { MethodHandler } from '../methodContext.ts'
import { anvil_setNonce } from './anvil_setNonce.ts'

/** hardhat_setNonce: Hardhat's name for anvil_setNonce; answers true. */
export const hardhat_setNonce: MethodHandler = async (params, ctx) => {
  await anvil_setNonce(params, ctx)
  return true
}
