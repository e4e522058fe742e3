import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'

/** eth_newPendingTransactionFilter: installs a filter that reports hashes of transactions entering the pool. */
export const eth_newPendingTransactionFilter: MethodHandler = withParams([], (_params, { node }) => {
  return node.filters.newPendingTransactionFilter()
})
