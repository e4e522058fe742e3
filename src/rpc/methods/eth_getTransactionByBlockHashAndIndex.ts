import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { formatMinedTransaction } from '../formatters/transaction.ts'
import { hash32, quantity } from '../schemas.ts'

/** eth_getTransactionByBlockHashAndIndex: a block's transaction by position, or null. */
export const eth_getTransactionByBlockHashAndIndex: MethodHandler = withParams(
  [hash32, quantity],
  ([hash, index], { node }) => {
    const block = node.chain.blockByHash(hash)
    if (!block || index >= BigInt(block.transactions.length)) return null
    return formatMinedTransaction(block, Number(index))
  },
)
