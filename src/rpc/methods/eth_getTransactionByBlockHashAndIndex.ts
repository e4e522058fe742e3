import type { MethodHandler } from '../methodContext.ts'
import { formatMinedTransaction } from '../formatters/transaction.ts'
import { hash32, parseParams, quantity } from '../schemas.ts'

/** eth_getTransactionByBlockHashAndIndex: a block's transaction by position, or null. */
export const eth_getTransactionByBlockHashAndIndex: MethodHandler = (params, { node }) => {
  const [hash, index] = parseParams('eth_getTransactionByBlockHashAndIndex', [hash32, quantity], params)
  const block = node.chain.blockByHash(hash)
  if (!block || index >= BigInt(block.transactions.length)) return null
  return formatMinedTransaction(block, Number(index))
}
