import { defineMethod, returns } from '../defineMethod.ts'
import { uint64OrNumber } from '../controlSchemas.ts'

// The longest interval a Node timer keeps, in whole seconds.
const MAX_INTERVAL_SECONDS = Math.floor((2 ** 31 - 1) / 1000)
const intervalSeconds = uint64OrNumber.refine((s) => s <= MAX_INTERVAL_SECONDS, `interval must be at most ${MAX_INTERVAL_SECONDS} seconds`)

/**
 * anvil_setIntervalMining [seconds]: a block every `seconds` seconds; 0 turns it off. Anvil's unit, seconds
 * (evm_setIntervalMining keeps Hardhat's milliseconds), and Anvil's rule that one mining mode replaces the
 * other: automine goes off, so 0 leaves blocks to evm_mine alone.
 */
export const anvil_setIntervalMining = defineMethod({
  name: 'anvil_setIntervalMining',
  description: 'A block every `seconds` seconds (0: off); automine goes off, as on Anvil.',
  params: [intervalSeconds],
  result: returns<null>(),
  writes: true,
  // The blocks its timer mines are recorded one by one, as `mine` steps: what is left of the call is the automine switch.
  recorded: { as: 'call', method: 'evm_setAutomine', params: () => [false] },
  control: true,
  handler: async ([seconds], { node }) => {
    await node.settings.setIntervalMiningOnly(Number(seconds) * 1000)
    return null
  },
})
