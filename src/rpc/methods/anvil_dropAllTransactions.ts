import { defineMethod, hardhatTwin, returns } from '../defineMethod.ts'

export const anvil_dropAllTransactions = defineMethod({
  name: 'anvil_dropAllTransactions',
  description: 'Empties the pool.',
  params: [],
  result: returns<null>(),
  writes: true,
  control: true,
  handler: async (_params, { node }) => {
    await node.settings.dropAllTransactions()
    return null
  },
})

export const hardhat_dropAllTransactions = hardhatTwin(anvil_dropAllTransactions, 'same')
