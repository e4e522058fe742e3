import { bytesToHex } from '../../evm/index.ts'

/** A minimal lower-case hex quantity: 0x0, 0x1a. */
export function toQuantity(value: bigint | number): string {
  return `0x${value.toString(16)}`
}

/** Bytes as lower-case 0x hex. */
export function toData(bytes: Uint8Array): string {
  return bytesToHex(bytes)
}

