import type { ChainBlock } from '../../chain/types.ts'
import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { formatReceipt } from '../formatters/receipt.ts'
import { blockTagOrHash } from '../schemas.ts'

/** eth_getBlockReceipts: every receipt of a mined block, or null when the block is unknown. */
export const eth_getBlockReceipts: MethodHandler = withParams([blockTagOrHash], ([ref], { node }) => {
  let block: ChainBlock | undefined
  if (typeof ref === 'object') block = node.chain.blockByHash(ref.blockHash)
  else if (ref !== 'pending') block = node.blockBySelector(ref)
  if (!block) return null
  const found = block
  return found.transactions.map((_, index) => formatReceipt(found, index))
})
