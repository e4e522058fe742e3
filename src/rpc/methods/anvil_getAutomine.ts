import { defineMethod, hardhatTwin, returns } from '../defineMethod.ts'

export const anvil_getAutomine = defineMethod({
  name: 'anvil_getAutomine',
  description: 'Whether each transaction is mined as it arrives.',
  params: [],
  result: returns<boolean>(),
  control: true,
  handler: (_params, { node }) => node.settings.mining.automine,
})

export const hardhat_getAutomine = hardhatTwin(anvil_getAutomine, 'same')
