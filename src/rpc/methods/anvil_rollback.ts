import type { MethodHandler } from '../methodContext.ts'
import { quantityOrNumber } from '../controlSchemas.ts'
import { parseParams } from '../schemas.ts'

/** anvil_rollback [depth?]: removes the newest `depth` blocks (default 1) without replacing them. */
export const anvil_rollback: MethodHandler = async (params, { node }) => {
  const [depth] = parseParams('anvil_rollback', [quantityOrNumber.optional()], params)
  await node.rollback(Number(depth ?? 1n))
  return null
}
