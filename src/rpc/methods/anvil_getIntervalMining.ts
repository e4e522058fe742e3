import { defineMethod, returns } from '../defineMethod.ts'

/** anvil_getIntervalMining: the interval of interval mining in whole seconds (a JSON number), null when off, as Anvil answers. */
export const anvil_getIntervalMining = defineMethod({
  name: 'anvil_getIntervalMining',
  description: 'Seconds between interval-mined blocks (a JSON number), null when interval mining is off.',
  params: [],
  result: returns<number | null>(),
  control: true,
  handler: (_params, { node }) => {
    const { intervalMs } = node.settings.mining
    return intervalMs === undefined ? null : Math.floor(intervalMs / 1000)
  },
})
