import { defineMethod, returns } from '../defineMethod.ts'

export const eth_newBlockFilter = defineMethod({
  name: 'eth_newBlockFilter',
  description: 'Installs a filter that reports the hashes of new canonical blocks; its id.',
  params: [],
  result: returns<string>(),
  cost: { infura: 80, alchemy: 20 },
  handler: (_params, { node }) => node.filters.newBlockFilter(),
})
