import { defineMethod, returns, twinOf } from '../defineMethod.ts'
import { uint64OrNumber } from '../controlSchemas.ts'

/**
 * anvil_setTime [timestamp]: the chain's clock reads `timestamp` (seconds) from now on, so the next block is
 * stamped with it (or a second after the head, if that is later); answers how many seconds the clock moved
 * forward, 0 if it went back, as a JSON number (Anvil's answer).
 */
export const anvil_setTime = defineMethod({
  name: 'anvil_setTime',
  description: 'The clock reads this timestamp (seconds) from now on; how many seconds it moved forward (0 if back).',
  params: [uint64OrNumber],
  result: returns<number>(),
  writes: true,
  control: true,
  handler: async ([timestamp], { node }) => Number(await node.settings.setTime(timestamp)),
})

export const evm_setTime = twinOf(anvil_setTime, 'evm_setTime', 'same')
