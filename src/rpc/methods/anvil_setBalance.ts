import { accountSetter } from '../accountSetter.ts'
import { hardhatTwin, returns, twinOf } from '../defineMethod.ts'
import { quantityOrNumber } from '../controlSchemas.ts'
import { address } from '../schemas.ts'

export const anvil_setBalance = accountSetter({
  name: 'anvil_setBalance',
  description: "Sets an account's balance on the head's state; no block is mined.",
  params: [address, quantityOrNumber],
  result: returns<null>(),
  answer: null,
  change: ([account, balance]) => ({ address: account, balance }),
})

export const hardhat_setBalance = hardhatTwin(anvil_setBalance, 'true')

/** Anvil's form of Tenderly's method: one address (Tenderly's own takes a list), answering null. */
export const tenderly_setBalance = twinOf(anvil_setBalance, 'tenderly_setBalance', 'same')
