import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { uint64OrNumber } from '../controlSchemas.ts'

/** evm_setBlockGasLimit [gasLimit]: the gas limit of every block mined from now on; `true` (Anvil, Hardhat). */
export const evm_setBlockGasLimit: MethodHandler = withParams([uint64OrNumber], async ([gasLimit], { node }) => {
  await node.settings.setBlockGasLimit(gasLimit)
  return true
})
