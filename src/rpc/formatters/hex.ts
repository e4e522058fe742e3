import { bytesToHex, keccak256 } from '../../evm/index.ts'

/** A minimal lower-case hex quantity: 0x0, 0x1a. */
export function toQuantity(value: bigint | number): string {
  return `0x${value.toString(16)}`
}

/** Bytes as lower-case 0x hex. */
export function toData(bytes: Uint8Array): string {
  return bytesToHex(bytes)
}


/** An address in EIP-55 mixed-case checksum form (geth's txpool keys). */
export function toChecksumAddress(address: Uint8Array): string {
  const hex = bytesToHex(address).slice(2)
  const hash = bytesToHex(keccak256(new TextEncoder().encode(hex))).slice(2)
  let out = '0x'
  for (let i = 0; i < hex.length; i++) {
    out += parseInt(hash[i] as string, 16) >= 8 ? (hex[i] as string).toUpperCase() : hex[i]
  }
  return out
}
