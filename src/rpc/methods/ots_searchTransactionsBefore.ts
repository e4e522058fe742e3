import { defineMethod, returns } from '../defineMethod.ts'
import type { OtsTransactionsPage } from '../formatters/otterscan.ts'
import { historyPage } from '../historyPage.ts'
import { jsonCount, pageSize } from '../otsParams.ts'
import { address } from '../schemas.ts'

export const ots_searchTransactionsBefore = defineMethod({
  name: 'ots_searchTransactionsBefore',
  description:
    'The canonical transactions touching an address in blocks below a number (0: from the head), newest first, whole blocks at a time until the page size is reached.',
  params: [address, jsonCount, pageSize],
  result: returns<OtsTransactionsPage>(),
  handler: async ([account, block, size], { node }) => historyPage(node, await node.addressHistory.before(account, BigInt(block), size)),
})
