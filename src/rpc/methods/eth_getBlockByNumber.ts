import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { resolveBlockByTag } from '../blockResolution.ts'
import { formatBlock } from '../formatters/block.ts'
import { blockTag, boolean } from '../schemas.ts'

/** eth_getBlockByNumber: a canonical block by number or tag, the pending block, or null. */
export const eth_getBlockByNumber: MethodHandler = withParams(
  [blockTag, boolean.optional()],
  async ([tag, fullTransactions], { node }) => {
    const found = await resolveBlockByTag(node, tag)
    if (!found) return null
    const full = fullTransactions ?? false
    if ('pending' in found) {
      return formatBlock(found.pending.block, found.pending.transactions, { fullTransactions: full, pending: true })
    }
    return formatBlock(found.block.toBlock(), found.block.transactions, { fullTransactions: full })
  },
)
