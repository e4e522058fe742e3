import type { RpcTransaction } from 'viem'
import type { ChainNode } from '../node.ts'
import type { HistoryPage } from '../search/index.ts'
import { otsReceipt } from './formatters/otterscan.ts'
import type { OtsTransactionsPage } from './formatters/otterscan.ts'
import { formatMinedTransaction } from './formatters/transaction.ts'

/** A page of an address's history with each transaction and its receipt, as Otterscan's address page reads it. */
export function historyPage(node: ChainNode, page: HistoryPage): OtsTransactionsPage {
  const txs: RpcTransaction[] = []
  const receipts = []
  for (const place of page.places) {
    const block = node.chain.blockByNumber(place.block)
    if (!block) continue
    txs.push(formatMinedTransaction(block, place.index) as RpcTransaction)
    receipts.push(otsReceipt(block, place.index))
  }
  return { txs, receipts, firstPage: page.firstPage, lastPage: page.lastPage }
}
