import type { MethodHandler } from '../methodContext.ts'
import { uint64OrNumber } from '../controlSchemas.ts'
import { parseParams } from '../schemas.ts'

/** evm_mine [timestamp?]: mines one block (at `timestamp` when given); returns "0x0" as Ganache and Anvil. */
export const evm_mine: MethodHandler = async (params, { node }) => {
  const [timestamp] = parseParams('evm_mine', [uint64OrNumber.optional()], params)
  await node.mine(1, { timestamp })
  return '0x0'
}
