import type { MethodHandler } from '../methodContext.ts'
import { quantityOrNumber } from '../controlSchemas.ts'
import { parseParams } from '../schemas.ts'

/**
 * evm_revert [id]: goes back to a snapshot (filters and subscriptions see the removed blocks,
 * as after a reorg) and forgets it and later ones; false for an unknown id.
 */
export const evm_revert: MethodHandler = async (params, { node }) => {
  const [id] = parseParams('evm_revert', [quantityOrNumber], params)
  return node.revert(Number(id))
}
