import { defineMethod, returns } from '../defineMethod.ts'
import { address } from '../schemas.ts'

/** anvil_removePoolTransactions [address]: drops every pooled transaction the address sent; mined ones stay. */
export const anvil_removePoolTransactions = defineMethod({
  name: 'anvil_removePoolTransactions',
  description: 'Drops every pooled transaction the address sent.',
  params: [address],
  result: returns<null>(),
  writes: true,
  control: true,
  handler: async ([sender], { node }) => {
    await node.settings.removePoolTransactionsFrom(sender)
    return null
  },
})
