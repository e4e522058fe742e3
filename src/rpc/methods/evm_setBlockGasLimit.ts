import { defineMethod, returns, twinOf } from '../defineMethod.ts'
import { uint64OrNumber } from '../controlSchemas.ts'

export const evm_setBlockGasLimit = defineMethod({
  name: 'evm_setBlockGasLimit',
  description: 'The gas limit of every block mined from now on; `true` (Anvil, Hardhat).',
  params: [uint64OrNumber],
  result: returns<true>(),
  writes: true,
  control: true,
  handler: async ([gasLimit], { node }) => {
    await node.settings.setBlockGasLimit(gasLimit)
    return true as const
  },
})

export const anvil_setBlockGasLimit = twinOf(evm_setBlockGasLimit, 'anvil_setBlockGasLimit', 'same')
