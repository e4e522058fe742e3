import { BaseError, hashTypedData, hexToBytes, validateTypedData } from 'viem'
import type { TypedDataDefinition } from 'viem'
import { InvalidTypedData } from './errors.ts'

/** One field of an EIP-712 struct type. */
export interface TypedDataField {
  name: string
  type: string
}

/** EIP-712 typed data as wallets receive it (eth_signTypedData_v4): struct types, the primary type, domain and message. */
export interface TypedData {
  types: Record<string, readonly TypedDataField[]>
  primaryType: string
  domain: Record<string, unknown>
  message: Record<string, unknown>
}

/**
 * The EIP-712 digest a wallet signs: viem checks every value against its type (addresses, byte lengths,
 * integer ranges, struct and primary types) and hashes; anything it refuses is InvalidTypedData, with viem's
 * short reason.
 */
export function typedDataDigest(typedData: TypedData): Uint8Array {
  const definition = typedData as unknown as TypedDataDefinition
  try {
    validateTypedData(definition)
    return hexToBytes(hashTypedData(definition))
  } catch (error) {
    throw new InvalidTypedData(error instanceof BaseError ? error.shortMessage : (error as Error).message, { cause: error })
  }
}
