import { defineMethod, hardhatTwin, returns, twinOf } from '../defineMethod.ts'
import { quantityOrNumber } from '../controlSchemas.ts'
import { address } from '../schemas.ts'

/** anvil_addBalance [address, wei]: adds to an account's balance on the head's state, as Anvil does; no block is mined. */
export const anvil_addBalance = defineMethod({
  name: 'anvil_addBalance',
  description: "Adds wei to an account's balance on the head's state; no block is mined.",
  params: [address, quantityOrNumber],
  result: returns<null>(),
  writes: true,
  control: true,
  handler: async ([account, amount], { node }) => {
    await node.addBalance(account, amount)
    return null
  },
})

export const hardhat_addBalance = hardhatTwin(anvil_addBalance, 'same')

/** Anvil's name for Tenderly's method: one address and the wei to add, answering null (Tenderly's own answers a hash). */
export const tenderly_addBalance = twinOf(anvil_addBalance, 'tenderly_addBalance', 'same')
