import type { MethodHandler } from '../methodContext.ts'
import { formatReceipt } from '../formatters/receipt.ts'
import { hash32, parseParams } from '../schemas.ts'

/** eth_getTransactionReceipt: the receipt of a mined canonical transaction, or null. */
export const eth_getTransactionReceipt: MethodHandler = (params, { node }) => {
  const [hash] = parseParams('eth_getTransactionReceipt', [hash32], params)
  const location = node.chain.transaction(hash)
  return location ? formatReceipt(location.block, location.index) : null
}
