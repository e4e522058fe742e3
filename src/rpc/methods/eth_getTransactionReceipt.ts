import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { formatReceipt } from '../formatters/receipt.ts'
import { hash32 } from '../schemas.ts'

/** eth_getTransactionReceipt: the receipt of a mined canonical transaction, or null. */
export const eth_getTransactionReceipt: MethodHandler = withParams([hash32], ([hash], { node }) => {
  const location = node.chain.transaction(hash)
  return location ? formatReceipt(location.block, location.index) : null
})
