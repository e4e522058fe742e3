import { defineMethod, returns } from '../defineMethod.ts'

export const anvil_removeBlockTimestampInterval = defineMethod({
  name: 'anvil_removeBlockTimestampInterval',
  description: 'Blocks follow the clock again (from where the interval left them); whether one was set.',
  params: [],
  result: returns<boolean>(),
  writes: true,
  control: true,
  handler: (_params, { node }) => node.settings.removeBlockTimestampInterval(),
})
