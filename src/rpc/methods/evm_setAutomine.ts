import { defineMethod, returns, twinOf } from '../defineMethod.ts'
import { boolean } from '../schemas.ts'

export const evm_setAutomine = defineMethod({
  name: 'evm_setAutomine',
  description: 'Turns mining a block per transaction on or off.',
  params: [boolean],
  result: returns<true>(),
  writes: true,
  control: true,
  handler: async ([enabled], { node }) => {
    await node.settings.setAutomine(enabled)
    return true as const
  },
})

/** Anvil answers null where Hardhat's evm_setAutomine answers true. */
export const anvil_setAutomine = twinOf(evm_setAutomine, 'anvil_setAutomine', 'null')
