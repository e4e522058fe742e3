import type { AccessListEntry, TypedTxData } from '../evm/index.ts'
import { ChainIdMismatch } from './errors.ts'

/** A transaction the node signs with one of its dev accounts (eth_sendTransaction), in domain types. */
export interface TransactionRequest {
  from: Uint8Array
  to?: Uint8Array
  data?: Uint8Array
  value?: bigint
  gas?: bigint
  nonce?: bigint
  gasPrice?: bigint
  maxFeePerGas?: bigint
  maxPriorityFeePerGas?: bigint
  accessList?: readonly AccessListEntry[]
  /** Checked against the node's chain id when given (geth's rule); the signature always carries the node's. */
  chainId?: bigint
}

/** Anvil's default tip: 1 gwei (also what eth_maxPriorityFeePerGas answers). */
export const DEFAULT_PRIORITY_FEE = 10n ** 9n

/** What the chain says about fees and identity when a request's fields are filled in. */
export interface FeeContext {
  chainId: bigint
  /** Base fee of the next block. */
  nextBaseFee: bigint
}

/**
 * The typed fields of a request whose nonce and gas are known, with fees defaulted as Anvil does: a legacy
 * transaction when `gasPrice` is given, else EIP-1559 with a 1 gwei tip (never above a given fee cap, as geth
 * takes the smaller) and a fee cap of twice the next base fee plus the tip.
 */
export function transactionFields(request: TransactionRequest, nonce: bigint, gas: bigint, fees: FeeContext): TypedTxData {
  if (request.chainId !== undefined && request.chainId !== fees.chainId) throw new ChainIdMismatch(request.chainId, fees.chainId)
  const fields = { nonce, to: request.to, data: request.data, value: request.value ?? 0n, gasLimit: gas }
  if (request.gasPrice !== undefined) return { ...fields, type: 0, gasPrice: request.gasPrice }
  const defaultTip = request.maxFeePerGas !== undefined && request.maxFeePerGas < DEFAULT_PRIORITY_FEE ? request.maxFeePerGas : DEFAULT_PRIORITY_FEE
  const maxPriorityFeePerGas = request.maxPriorityFeePerGas ?? defaultTip
  return {
    ...fields,
    type: 2,
    chainId: fees.chainId,
    maxPriorityFeePerGas,
    maxFeePerGas: request.maxFeePerGas ?? fees.nextBaseFee * 2n + maxPriorityFeePerGas,
    accessList: request.accessList?.map((e) => [e.address, e.storageKeys]),
  } as TypedTxData
}
