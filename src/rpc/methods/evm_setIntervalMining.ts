import { defineMethod, returns } from '../defineMethod.ts'
import { uint64OrNumber } from '../controlSchemas.ts'

// The longest interval a Node timer keeps; past it Node would fire every millisecond instead.
const MAX_INTERVAL_MS = 2 ** 31 - 1
const intervalMs = uint64OrNumber.refine((ms) => ms <= MAX_INTERVAL_MS, `interval must be at most ${MAX_INTERVAL_MS} ms`)

export const evm_setIntervalMining = defineMethod({
  name: 'evm_setIntervalMining',
  description: 'Mines a block every `ms` milliseconds; 0 turns it off.',
  params: [intervalMs],
  result: returns<true>(),
  writes: true,
  // The blocks its timer mines are recorded one by one, as `mine` steps: the call itself is not.
  recorded: { as: 'nothing' },
  control: true,
  handler: async ([ms], { node }) => {
    await node.settings.setIntervalMining(Number(ms))
    return true as const
  },
})
