import { accountSetter } from '../accountSetter.ts'
import { hardhatTwin, returns, twinOf } from '../defineMethod.ts'
import { uint64OrNumber } from '../controlSchemas.ts'
import { address } from '../schemas.ts'

export const anvil_setNonce = accountSetter({
  name: 'anvil_setNonce',
  description: "Sets an account's nonce (at most 64 bits) on the head's state.",
  params: [address, uint64OrNumber],
  result: returns<null>(),
  answer: null,
  change: ([account, nonce]) => ({ address: account, nonce }),
})

export const hardhat_setNonce = hardhatTwin(anvil_setNonce, 'true')

export const evm_setAccountNonce = twinOf(anvil_setNonce, 'evm_setAccountNonce', 'same')
