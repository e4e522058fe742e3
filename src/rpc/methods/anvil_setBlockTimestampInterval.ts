import { defineMethod, returns } from '../defineMethod.ts'
import { uint64OrNumber } from '../controlSchemas.ts'

/**
 * anvil_setBlockTimestampInterval [seconds]: each next block is `seconds` after its parent (at least one,
 * the post-merge rule), whatever the clock says, until anvil_removeBlockTimestampInterval.
 */
export const anvil_setBlockTimestampInterval = defineMethod({
  name: 'anvil_setBlockTimestampInterval',
  description: 'Each next block is `seconds` after its parent, whatever the clock says, until removed.',
  params: [uint64OrNumber],
  result: returns<null>(),
  writes: true,
  control: true,
  handler: async ([seconds], { node }) => {
    await node.settings.setBlockTimestampInterval(seconds)
    return null
  },
})
