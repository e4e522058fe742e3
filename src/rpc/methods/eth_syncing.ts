import { defineMethod, returns } from '../defineMethod.ts'

export const eth_syncing = defineMethod({
  name: 'eth_syncing',
  description: 'A simulated chain is always in sync: `false`.',
  params: [],
  result: returns<false>(),
  cost: { infura: 5, alchemy: 0 },
  handler: () => false as const,
})
