import { defineMethod, hardhatTwin, returns } from '../defineMethod.ts'
import { address, data } from '../schemas.ts'

export const anvil_setCode = defineMethod({
  name: 'anvil_setCode',
  description: "Replaces an account's code on the head's state.",
  params: [address, data],
  result: returns<null>(),
  writes: true,
  control: true,
  handler: async ([account, code], { node }) => {
    await node.setAccountState([{ address: account, code }])
    return null
  },
})

export const hardhat_setCode = hardhatTwin(anvil_setCode, 'true')
