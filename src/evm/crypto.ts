import { createRequire } from 'node:module'
import type { CustomCrypto } from '@ethereumjs/common'
import { keccak_256 } from '@noble/hashes/sha3.js'

// secp256k1@5 is CommonJS and loads its prebuilt native binding; the pure-JS fallback
// recovers ~900 signatures/s against ~15,700/s native (NOTES.md), so signature recovery
// would otherwise dominate the cost of accepting a transaction.
const secp256k1 = createRequire(import.meta.url)('secp256k1') as typeof import('secp256k1')

function leftPad32(bytes: Uint8Array): Uint8Array {
  if (bytes.length === 32) return bytes
  if (bytes.length > 32) throw new Error('signature component longer than 32 bytes')
  const padded = new Uint8Array(32)
  padded.set(bytes, 32 - bytes.length)
  return padded
}

/** Recovery id from `v`: typed transactions pass 0/1, legacy 27/28 or the EIP-155 form. */
function recoveryId(v: bigint, chainId: bigint | undefined): number {
  if (v === 0n || v === 1n) return Number(v)
  if (chainId === undefined) return Number(v - 27n)
  return Number(v - (2n * chainId + 35n))
}

/** ecrecover with the native library: returns the 64-byte public key (no 0x04 prefix). */
export function nativeEcrecover(
  msgHash: Uint8Array,
  v: bigint,
  r: Uint8Array,
  s: Uint8Array,
  chainId?: bigint,
): Uint8Array {
  const recid = recoveryId(v, chainId)
  if (recid !== 0 && recid !== 1) throw new Error('Invalid Signature: bad recovery id')
  const signature = new Uint8Array(64)
  signature.set(leftPad32(r), 0)
  signature.set(leftPad32(s), 32)
  const publicKey = secp256k1.ecdsaRecover(signature, recid, msgHash, false)
  return publicKey.subarray(1)
}

/** Native signing in the "recovered" layout @ethereumjs/tx expects: recid || r || s. */
function nativeEcsign(msgHash: Uint8Array, privateKey: Uint8Array): Uint8Array {
  const { signature, recid } = secp256k1.ecdsaSign(msgHash, privateKey)
  const recovered = new Uint8Array(65)
  recovered[0] = recid
  recovered.set(signature, 1)
  return recovered
}

/** The crypto primitives handed to every Common this node creates. */
export const nativeCrypto: CustomCrypto = {
  ecrecover: nativeEcrecover,
  ecsign: nativeEcsign as unknown as CustomCrypto['ecsign'],
  keccak256: keccak_256,
}
