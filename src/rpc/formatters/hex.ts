import type { Address, Hash, Hex, Quantity } from 'viem'
import { bytesToHex, keccak256 } from '../../evm/index.ts'

/** A minimal lower-case hex quantity: 0x0, 0x1a. */
export function toQuantity(value: bigint | number): Quantity {
  return `0x${value.toString(16)}`
}

/** Bytes as lower-case 0x hex. */
export function toData(bytes: Uint8Array): Hex {
  return bytesToHex(bytes)
}

/** A block's or transaction's `hashKey` (already lower-case 0x hex, as the chain keeps it) as the hash it is. */
export function hashOfKey(key: string): Hash {
  return key as Hash
}

/** An address in EIP-55 mixed-case checksum form (geth's txpool keys). */
export function toChecksumAddress(address: Uint8Array): Address {
  const hex = bytesToHex(address).slice(2)
  const hash = bytesToHex(keccak256(new TextEncoder().encode(hex))).slice(2)
  let out: Address = '0x'
  for (let i = 0; i < hex.length; i++) {
    out += parseInt(hash[i] as string, 16) >= 8 ? (hex[i] as string).toUpperCase() : hex[i]
  }
  return out
}
