import { createRequire } from 'node:module'
import { dirname } from 'node:path'
import type { CustomCrypto } from '@ethereumjs/common'
import { equalsBytes } from '@ethereumjs/util'
import { keccak_256 } from '@noble/hashes/sha3.js'
import { kzg } from './kzg.ts'

const require = createRequire(import.meta.url)

// secp256k1@5 is CommonJS and loads its prebuilt native binding; the pure-JS fallback
// recovers ~900 signatures/s against ~15,700/s native (NOTES.md), so signature recovery
// would otherwise dominate the cost of accepting a transaction.
const secp256k1 = require('secp256k1') as typeof import('secp256k1')

/** The sponge of keccak@3's native addon (the class its own stream wrapper drives). */
interface KeccakState {
  initialize(rate: number, capacity: number): void
  absorb(data: Uint8Array): void
  absorbLastFewBits(bits: number): void
  squeeze(length: number): Uint8Array
}

/**
 * keccak-256 through keccak@3's prebuilt native addon, called directly: ~1.4 µs per hash here
 * against ~5.5 µs for the pure-JS one, and the EVM hashes a lot (four per log for the bloom,
 * every trie node). The package's public API wraps each hash in a stream, which costs more
 * than it saves, so the addon is loaded the way the package itself loads it. If it cannot
 * load or answers wrongly, the pure-JS function is used.
 */
function loadNativeKeccak(): ((data: Uint8Array) => Uint8Array) | undefined {
  try {
    const packageJson = require.resolve('keccak/package.json')
    // node-gyp-build is keccak's dependency, not chainsim's: resolved from keccak, it is found wherever the
    // installer put it (hoisted by npm, private to keccak under pnpm).
    const loadBinding = createRequire(packageJson)('node-gyp-build') as (dir: string) => unknown
    const State = loadBinding(dirname(packageJson)) as new () => KeccakState
    const state = new State()
    const hash = (data: Uint8Array): Uint8Array => {
      state.initialize(1088, 512)
      state.absorb(data)
      state.absorbLastFewBits(0x01)
      return new Uint8Array(state.squeeze(32))
    }
    const probe = new TextEncoder().encode('chainsim')
    return equalsBytes(hash(probe), keccak_256(probe)) ? hash : undefined
  } catch {
    return undefined
  }
}

const baseKeccak = loadNativeKeccak() ?? keccak_256

/** Inputs this short are addresses, topics and slots: what the log bloom hashes again and again. */
const MEMO_MAX_INPUT = 32
const MEMO_MAX_ENTRIES = 8192
const memo = new Map<string, Uint8Array>()

/**
 * keccak-256, native when the addon loads. Short inputs are remembered: the bloom of every log
 * hashes its address and each topic, and most of those repeat (the contract, the event
 * signature, the sender), so a lookup replaces most of those hashes. The memo is bounded.
 */
export function keccak256(data: Uint8Array): Uint8Array {
  if (data.length > MEMO_MAX_INPUT) return baseKeccak(data)
  const key = Buffer.from(data.buffer, data.byteOffset, data.length).toString('latin1')
  const known = memo.get(key)
  // Callers may keep or change what they get back: each gets its own copy.
  if (known) return known.slice()
  const hash = baseKeccak(data)
  if (memo.size >= MEMO_MAX_ENTRIES) memo.clear()
  memo.set(key, hash.slice())
  return hash
}

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

/** The crypto primitives handed to every Common this node creates (the KZG loads on first use). */
export const nativeCrypto: CustomCrypto = {
  ecrecover: nativeEcrecover,
  ecsign: nativeEcsign as unknown as CustomCrypto['ecsign'],
  keccak256,
  kzg,
}
