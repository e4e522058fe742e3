import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { toQuantity } from '../formatters/hex.ts'

/** evm_snapshot: remembers the chain, pool and clock; returns the id to revert to. */
export const evm_snapshot: MethodHandler = withParams([], async (_params, { node }) => {
  return toQuantity(await node.reorgs.snapshot())
})
