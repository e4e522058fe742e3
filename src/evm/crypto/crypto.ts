import { createRequire } from 'node:module'
import { dirname } from 'node:path'
import type { CustomCrypto } from '@ethereumjs/common'
import { equalsBytes } from '@ethereumjs/util'
import { keccak_256 } from '@noble/hashes/sha3.js'
import { kzg } from './kzg.ts'

const requireHere = createRequire(import.meta.url)

// secp256k1@5 is CommonJS and loads its prebuilt native binding; the pure-JS fallback
// recovers ~900 signatures/s against ~15,700/s native (NOTES.md), so signature recovery
// would otherwise dominate the cost of accepting a transaction.
const secp256k1 = requireHere('secp256k1') as typeof import('secp256k1')

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
    const packageJson = requireHere.resolve('keccak/package.json')
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
const MEMO_SLOTS = 8192

/**
 * keccak-256 of short inputs, remembered in a direct-mapped table of typed arrays: the bloom of every log
 * hashes its address and each topic, and most of those repeat (the contract, the event signature, the
 * sender), as do the addresses and slots the state trie hashes into keys. A lookup hashes the input's bytes
 * to a slot and compares them; no string or object is made (a map keyed by the input's bytes as a string
 * made one per lookup: ~4% of mining 100-event transactions).
 */
class ShortInputMemo {
  private readonly inputs = new Uint8Array(MEMO_SLOTS * MEMO_MAX_INPUT)
  /** Input length + 1 per slot; 0 for an empty slot. */
  private readonly lengths = new Uint8Array(MEMO_SLOTS)
  /** keccak-256 of each slot's input. */
  readonly outputs = new Uint8Array(MEMO_SLOTS * 32)

  /**
   * The slot whose output is keccak-256 of `data`'s bytes `start` to `start + length` (at most
   * MEMO_MAX_INPUT), hashed on a miss: a range, so that logs packed in one buffer are read in place.
   */
  slotOf(data: Uint8Array, start = 0, length = data.length): number {
    // FNV-1a over the bytes.
    let h = 0x811c9dc5
    for (let i = 0; i < length; i++) h = Math.imul(h ^ (data[start + i] as number), 0x01000193)
    const slot = (h >>> 0) & (MEMO_SLOTS - 1)
    const at = slot * MEMO_MAX_INPUT
    if (this.lengths[slot] === length + 1) {
      let same = true
      for (let i = 0; i < length && same; i++) same = this.inputs[at + i] === data[start + i]
      if (same) return slot
    }
    const input = data.subarray(start, start + length)
    this.inputs.set(input, at)
    this.lengths[slot] = length + 1
    this.outputs.set(baseKeccak(input), slot * 32)
    return slot
  }
}

const memo = new ShortInputMemo()

/** keccak-256, native when the addon loads; short inputs are remembered (ShortInputMemo). */
export function keccak256(data: Uint8Array): Uint8Array {
  if (data.length > MEMO_MAX_INPUT) return baseKeccak(data)
  const slot = memo.slotOf(data)
  // Callers may keep or change what they get back: each gets its own copy.
  return memo.outputs.slice(slot * 32, slot * 32 + 32)
}

/**
 * Sets the three bits of `item`'s bytes `start` to `start + length` in a 2048-bit logs bloom (yellow paper
 * M3:2048): the low 11 bits of each of the first three byte pairs of its keccak-256, read where the memo
 * keeps them.
 */
export function addToBloom(bloom: Uint8Array, item: Uint8Array, start = 0, length = item.length): void {
  let hash: Uint8Array
  let at: number
  if (length > MEMO_MAX_INPUT) {
    hash = baseKeccak(item.subarray(start, start + length))
    at = 0
  } else {
    hash = memo.outputs
    at = memo.slotOf(item, start, length) * 32
  }
  for (let i = 0; i < 6; i += 2) {
    const bit = (((hash[at + i] as number) << 8) | (hash[at + i + 1] as number)) & 2047
    bloom[255 - (bit >> 3)]! |= 1 << (bit & 7)
  }
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
export function nativeEcrecover(msgHash: Uint8Array, v: bigint, r: Uint8Array, s: Uint8Array, chainId?: bigint): Uint8Array {
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

const publicKeys = new Map<string, Uint8Array>()

/**
 * The 64-byte public key (no 0x04 prefix) of `privateKey`, as a signature by it recovers to, computed natively
 * and kept per key (the dev accounts sign again and again).
 */
export function publicKeyOf(privateKey: Uint8Array): Uint8Array {
  const key = Buffer.from(privateKey.buffer, privateKey.byteOffset, privateKey.length).toString('hex')
  let publicKey = publicKeys.get(key)
  if (!publicKey) {
    publicKey = secp256k1.publicKeyCreate(privateKey, false).subarray(1)
    // A handful of dev keys in practice; a scenario signing with many keys does not grow this for good.
    if (publicKeys.size >= 256) publicKeys.clear()
    publicKeys.set(key, publicKey)
  }
  return publicKey
}

/** The 33-byte compressed public key of `privateKey` (BIP-32 derivation). */
export function compressedPublicKeyOf(privateKey: Uint8Array): Uint8Array {
  return secp256k1.publicKeyCreate(privateKey, true)
}

/** `privateKey` + `tweak` modulo the curve order, as a new key (BIP-32); throws when the result is not a valid key. */
export function tweakPrivateKey(privateKey: Uint8Array, tweak: Uint8Array): Uint8Array {
  return secp256k1.privateKeyTweakAdd(new Uint8Array(privateKey), tweak)
}

/** The crypto primitives handed to every Common this node creates (the KZG loads on first use). */
export const nativeCrypto: CustomCrypto = {
  ecrecover: nativeEcrecover,
  ecsign: nativeEcsign as unknown as CustomCrypto['ecsign'],
  keccak256,
  kzg,
}
