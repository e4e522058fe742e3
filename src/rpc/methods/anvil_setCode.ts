import { accountSetter } from '../accountSetter.ts'
import { hardhatTwin, returns } from '../defineMethod.ts'
import { address, data } from '../schemas.ts'

export const anvil_setCode = accountSetter({
  name: 'anvil_setCode',
  description: "Replaces an account's code on the head's state.",
  params: [address, data],
  result: returns<null>(),
  answer: null,
  change: ([account, code]) => ({ address: account, code }),
})

export const hardhat_setCode = hardhatTwin(anvil_setCode, 'true')
