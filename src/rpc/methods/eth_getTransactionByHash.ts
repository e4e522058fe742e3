import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { formatMinedTransaction, formatTransaction } from '../formatters/transaction.ts'
import { hash32 } from '../schemas.ts'

/**
 * eth_getTransactionByHash: a mined transaction with its position, a pooled one with null
 * block fields, or null when unknown (or dropped).
 */
export const eth_getTransactionByHash: MethodHandler = withParams([hash32], ([hash], { node }) => {
  const found = node.transaction(hash)
  if (!found) return null
  if (found.status === 'pending') return formatTransaction(found.signed)
  return formatMinedTransaction(found.location.block, found.location.index)
})
