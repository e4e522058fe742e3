import type { MethodHandler } from '../methodContext.ts'
import { quantityOrNumber } from '../controlSchemas.ts'
import { boolean, parseParams } from '../schemas.ts'

/**
 * anvil_rollback [depth?, force?]: removes the newest `depth` blocks (default 1) without replacing
 * them; past `finalized` only with `force` (chainsim's addition to Anvil's parameters).
 */
export const anvil_rollback: MethodHandler = async (params, { node }) => {
  const [depth, force] = parseParams('anvil_rollback', [quantityOrNumber.optional(), boolean.optional()], params)
  await node.rollback(Number(depth ?? 1n), force ?? false)
  return null
}
