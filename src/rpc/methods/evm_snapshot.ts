import type { MethodHandler } from '../methodContext.ts'
import { toQuantity } from '../formatters/hex.ts'
import { parseParams } from '../schemas.ts'

/** evm_snapshot: remembers the chain, pool and clock; returns the id to revert to. */
export const evm_snapshot: MethodHandler = async (params, { node }) => {
  parseParams('evm_snapshot', [], params)
  return toQuantity(await node.snapshot())
}
