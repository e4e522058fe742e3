import { defineMethod, returns } from '../defineMethod.ts'
import type { OtsTransactionsPage } from '../formatters/otterscan.ts'
import { historyPage } from '../historyPage.ts'
import { jsonCount, pageSize } from '../otsParams.ts'
import { address } from '../schemas.ts'

export const ots_searchTransactionsAfter = defineMethod({
  name: 'ots_searchTransactionsAfter',
  description:
    'The canonical transactions touching an address in blocks above a number (0: from the first block), whole blocks at a time until the page size is reached, answered newest first.',
  params: [address, jsonCount, pageSize],
  result: returns<OtsTransactionsPage>(),
  handler: async ([account, block, size], { node }) => historyPage(node, await node.addressHistory.after(account, BigInt(block), size)),
})
