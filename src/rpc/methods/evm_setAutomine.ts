import type { MethodHandler } from '../methodContext.ts'
import { boolean, parseParams } from '../schemas.ts'

/** evm_setAutomine [enabled]: turns mining a block per transaction on or off. */
export const evm_setAutomine: MethodHandler = async (params, { node }) => {
  const [enabled] = parseParams('evm_setAutomine', [boolean], params)
  await node.setAutomine(enabled)
  return true
}
