import { z } from 'zod'
import type { CallRequest } from '../evm/index.ts'
import { address, data, hash32, quantity, uint64 } from './schemas.ts'

const accessListEntry = z.object({ address, storageKeys: z.array(hash32) })

/** A transaction call object (eth_call, eth_estimateGas, eth_sendTransaction), geth's fields. */
export const transactionCall = z
  .object(
    {
      from: address.optional(),
      to: address.nullable().optional(),
      // Gas and nonce are 64-bit in a transaction (geth's hexutil.Uint64); larger is refused here, not by the EVM.
      gas: uint64.optional(),
      gasPrice: quantity.optional(),
      maxFeePerGas: quantity.optional(),
      maxPriorityFeePerGas: quantity.optional(),
      value: quantity.optional(),
      nonce: uint64.optional(),
      // geth takes both; `input` wins when they differ only if `data` is absent.
      data: data.optional(),
      input: data.optional(),
      accessList: z.array(accessListEntry).optional(),
      chainId: quantity.optional(),
      type: quantity.optional(),
    },
    { error: 'expected transaction call object' },
  )
  .refine((call) => !(call.data && call.input) || Buffer.compare(call.data, call.input) === 0, {
    message: 'both "data" and "input" are set and not equal. Please use "input" to pass transaction call data',
  })
  // geth's fee-field checks (TransactionArgs), so that no impossible fee combination reaches the EVM.
  .refine((call) => call.gasPrice === undefined || (call.maxFeePerGas === undefined && call.maxPriorityFeePerGas === undefined), {
    message: 'both gasPrice and (maxFeePerGas or maxPriorityFeePerGas) specified',
  })
  .refine((call) => call.maxFeePerGas === undefined || call.maxPriorityFeePerGas === undefined || call.maxFeePerGas >= call.maxPriorityFeePerGas, {
    message: 'maxFeePerGas < maxPriorityFeePerGas',
  })

export type TransactionCall = z.output<typeof transactionCall>

/** The domain request for a call; no `from` means the zero address, as geth. */
export function toCallRequest(call: TransactionCall): CallRequest {
  return {
    from: call.from ?? new Uint8Array(20),
    to: call.to ?? undefined,
    data: call.input ?? call.data,
    value: call.value,
    gas: call.gas,
    gasPrice: call.gasPrice,
    maxFeePerGas: call.maxFeePerGas,
    maxPriorityFeePerGas: call.maxPriorityFeePerGas,
    accessList: call.accessList,
    nonce: call.nonce,
  }
}
