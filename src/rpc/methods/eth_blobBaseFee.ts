import type { Quantity } from 'viem'
import { blobGasPriceOf } from '../../evm/index.ts'
import { defineMethod, returns } from '../defineMethod.ts'
import { toQuantity } from '../formatters/hex.ts'

/**
 * eth_blobBaseFee: the blob gas price of the head block (EIP-4844), as geth answers it (the
 * next block's is the last `baseFeePerBlobGas` of eth_feeHistory); null before Cancun.
 */
export const eth_blobBaseFee = defineMethod({
  name: 'eth_blobBaseFee',
  description: 'The blob gas price of the head block (EIP-4844), as geth answers it; null before Cancun.',
  params: [],
  result: returns<Quantity | null>(),
  cost: { infura: 300 },
  handler: (_params, { node }) => {
    const price = blobGasPriceOf(node.head.header)
    return price === undefined ? null : toQuantity(price)
  },
})
