import { defineMethod, hardhatTwin, returns } from '../defineMethod.ts'
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
