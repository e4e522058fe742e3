import type { MethodHandler } from '../methodContext.ts'
import { anvil_mine } from './anvil_mine.ts'

/** hardhat_mine [count?, interval?]: Hardhat's name for anvil_mine; returns true. */
export const hardhat_mine: MethodHandler = async (params, ctx) => {
  await anvil_mine(params, ctx)
  return true
}
