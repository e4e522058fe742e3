import { blobGasPriceOf } from '../../evm/index.ts'
import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { toQuantity } from '../formatters/hex.ts'

/**
 * eth_blobBaseFee: the blob gas price of the head block (EIP-4844), as geth answers it (the
 * next block's is the last `baseFeePerBlobGas` of eth_feeHistory); null before Cancun.
 */
export const eth_blobBaseFee: MethodHandler = withParams([], (_params, { node }) => {
  const price = blobGasPriceOf(node.head.header)
  return price === undefined ? null : toQuantity(price)
})
