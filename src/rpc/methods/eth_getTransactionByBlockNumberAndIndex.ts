import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { resolveBlockByTag } from '../blockResolution.ts'
import { formatMinedTransaction, formatTransaction } from '../formatters/transaction.ts'
import { blockTag, quantity } from '../schemas.ts'

/** eth_getTransactionByBlockNumberAndIndex: a block's transaction by position, or null. */
export const eth_getTransactionByBlockNumberAndIndex: MethodHandler = withParams(
  [blockTag, quantity],
  async ([tag, index], { node }) => {
    const found = await resolveBlockByTag(node, tag)
    if (!found) return null
    if ('pending' in found) {
      const executed = index < BigInt(found.pending.transactions.length) ? found.pending.transactions[Number(index)] : undefined
      return executed ? formatTransaction(executed.signed) : null
    }
    if (index >= BigInt(found.block.transactions.length)) return null
    return formatMinedTransaction(found.block, Number(index))
  },
)
