import { defineMethod, hardhatTwin, returns, twinOf } from '../defineMethod.ts'
import { uint64OrNumber } from '../controlSchemas.ts'
import { address } from '../schemas.ts'

export const anvil_setNonce = defineMethod({
  name: 'anvil_setNonce',
  description: "Sets an account's nonce (at most 64 bits) on the head's state.",
  params: [address, uint64OrNumber],
  result: returns<null>(),
  writes: true,
  control: true,
  handler: async ([account, nonce], { node }) => {
    await node.setAccountState([{ address: account, nonce }])
    return null
  },
})

export const hardhat_setNonce = hardhatTwin(anvil_setNonce, 'true')

export const evm_setAccountNonce = twinOf(anvil_setNonce, 'evm_setAccountNonce', 'same')
