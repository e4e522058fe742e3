import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { uint64OrNumber } from '../controlSchemas.ts'

/** evm_mine [timestamp?]: mines one block (at `timestamp` when given); returns "0x0" as Ganache and Anvil. */
export const evm_mine: MethodHandler = withParams([uint64OrNumber.optional()], async ([timestamp], { node }) => {
  await node.mine(1, { timestamp })
  return '0x0'
})
