import type { MethodHandler } from '../methodContext.ts'
import { anvil_setStorageAt } from './anvil_setStorageAt.ts'

/** hardhat_setStorageAt: Hardhat's name for anvil_setStorageAt; answers true. */
export const hardhat_setStorageAt: MethodHandler = async (params, ctx) => {
  await anvil_setStorageAt(params, ctx)
  return true
}
