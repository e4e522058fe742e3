import type { MethodHandler } from '../methodContext.ts'
import { quantityOrNumber } from '../controlSchemas.ts'
import { parseParams } from '../schemas.ts'

/** evm_mine [timestamp?]: mines one block (at `timestamp` when given); returns "0x0" as Ganache and Anvil. */
export const evm_mine: MethodHandler = async (params, { node }) => {
  const [timestamp] = parseParams('evm_mine', [quantityOrNumber.optional()], params)
  if (timestamp !== undefined) node.clock.setNextBlockTimestamp(timestamp)
  await node.mine(1)
  return '0x0'
}
