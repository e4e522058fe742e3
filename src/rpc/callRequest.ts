import { z } from 'zod'
import type { CallRequest } from '../evm/index.ts'
import { address, data, quantity } from './schemas.ts'

const accessListEntry = z.object({ address, storageKeys: z.array(data) })

/** A transaction call object (eth_call, eth_estimateGas, eth_sendTransaction), geth's fields. */
export const transactionCall = z
  .object(
    {
      from: address.optional(),
      to: address.nullable().optional(),
      gas: quantity.optional(),
      gasPrice: quantity.optional(),
      maxFeePerGas: quantity.optional(),
      maxPriorityFeePerGas: quantity.optional(),
      value: quantity.optional(),
      nonce: quantity.optional(),
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
