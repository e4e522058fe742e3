import { defineMethod, hardhatTwin, returns, twinOf } from '../defineMethod.ts'
import { quantityOrNumber } from '../controlSchemas.ts'
import { address } from '../schemas.ts'

export const anvil_setBalance = defineMethod({
  name: 'anvil_setBalance',
  description: "Sets an account's balance on the head's state; no block is mined.",
  params: [address, quantityOrNumber],
  result: returns<null>(),
  writes: true,
  control: true,
  handler: async ([account, balance], { node }) => {
    await node.setAccountState([{ address: account, balance }])
    return null
  },
})

export const hardhat_setBalance = hardhatTwin(anvil_setBalance, 'true')

/** Anvil's form of Tenderly's method: one address (Tenderly's own takes a list), answering null. */
export const tenderly_setBalance = twinOf(anvil_setBalance, 'tenderly_setBalance', 'same')
