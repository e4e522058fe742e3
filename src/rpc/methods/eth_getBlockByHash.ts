import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { formatBlock } from '../formatters/block.ts'
import { boolean, hash32 } from '../schemas.ts'

/** eth_getBlockByHash: any known block by hash (orphaned ones too, as geth), or null. */
export const eth_getBlockByHash: MethodHandler = withParams(
  [hash32, boolean.optional()],
  ([hash, fullTransactions], { node }) => {
    const block = node.chain.blockByHash(hash)
    if (!block) return null
    return formatBlock(block.toBlock(), block.transactions, { fullTransactions: fullTransactions ?? false })
  },
)
