import { defineMethod, returns, twinOf } from '../defineMethod.ts'
import { uint64OrNumber } from '../controlSchemas.ts'

export const evm_setNextBlockTimestamp = defineMethod({
  name: 'evm_setNextBlockTimestamp',
  description: 'The next block gets exactly this timestamp.',
  params: [uint64OrNumber],
  result: returns<null>(),
  writes: true,
  control: true,
  faultyArgument: { timestampNotAfterHead: 0 },
  handler: async ([timestamp], { node }) => {
    await node.settings.setNextBlockTimestamp(timestamp)
    return null
  },
})

export const anvil_setNextBlockTimestamp = twinOf(evm_setNextBlockTimestamp, 'anvil_setNextBlockTimestamp', 'same')
