import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { quantityOrNumber } from '../controlSchemas.ts'

/**
 * evm_revert [id]: goes back to a snapshot (filters and subscriptions see the removed blocks,
 * as after a reorg) and forgets it and later ones; false for an unknown id.
 */
export const evm_revert: MethodHandler = withParams([quantityOrNumber], async ([id], { node }) => {
  return node.reorgs.revert(Number(id))
})
