import type { MethodHandler } from '../methodContext.ts'
import { anvil_setBalance } from './anvil_setBalance.ts'

/** hardhat_setBalance: Hardhat's name for anvil_setBalance; answers true. */
export const hardhat_setBalance: MethodHandler = async (params, ctx) => {
  await anvil_setBalance(params, ctx)
  return true
}
