import type { MethodHandler } from '../methodContext.ts'
import { parseParams } from '../schemas.ts'

/** eth_newPendingTransactionFilter: installs a filter that reports hashes of transactions entering the pool. */
export const eth_newPendingTransactionFilter: MethodHandler = (params, { node }) => {
  parseParams('eth_newPendingTransactionFilter', [], params)
  return node.newPendingTransactionFilter()
}
