import { defineMethod, returns } from '../defineMethod.ts'

export const eth_newPendingTransactionFilter = defineMethod({
  name: 'eth_newPendingTransactionFilter',
  description: 'Installs a filter that reports hashes of transactions entering the pool; its id.',
  params: [],
  result: returns<string>(),
  cost: { alchemy: 20 },
  handler: (_params, { node }) => node.filters.newPendingTransactionFilter(),
})
