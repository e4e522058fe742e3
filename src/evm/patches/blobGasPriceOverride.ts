import type { BlockHeader } from '@ethereumjs/block'

/**
 * A block header whose blob base fee is given (eth_call's and eth_simulateV1's block overrides take one): the
 * header has no such field, only the excess blob gas the library derives it from in `getBlobGasPrice()`, which
 * BLOBBASEFEE and blob transactions read. The method is replaced on that one header. test/evm/patches/ holds what
 * this assumes of BlockHeader.
 */
export function withBlobGasPrice(header: BlockHeader, blobBaseFee: bigint): BlockHeader {
  Object.defineProperty(header, 'getBlobGasPrice', { value: () => blobBaseFee })
  return header
}
