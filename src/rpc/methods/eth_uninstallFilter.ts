import { defineMethod, returns } from '../defineMethod.ts'
import { filterId } from '../filterId.ts'

export const eth_uninstallFilter = defineMethod({
  name: 'eth_uninstallFilter',
  description: 'Removes a filter; false when there was none by that id.',
  params: [filterId],
  result: returns<boolean>(),
  cost: { infura: 80, alchemy: 10 },
  handler: ([id], { node }) => node.filters.uninstall(id),
})
