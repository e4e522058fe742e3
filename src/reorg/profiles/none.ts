import type { ReorgProfile } from './reorgProfile.ts'

/** No reorgs of its own: the network reorganizes only when asked (sim_reorg, anvil_reorg...). */
export const none: ReorgProfile = {
  name: 'none',
  description: 'no reorgs but those asked for',
  probability: 0,
  depths: [{ depth: 1, weight: 1 }],
  transactions: { reinclude: 1, drop: 0, reorder: false },
  sources: [],
}
