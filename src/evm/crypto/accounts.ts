import { createHmac, pbkdf2Sync } from 'node:crypto'
import { compressedPublicKeyOf, keccak256, publicKeyOf, tweakPrivateKey } from './crypto.ts'
import { DerivationPathError } from '../errors.ts'

/** The mnemonic Anvil and Hardhat fund by default. */
export const DEV_MNEMONIC = 'test test test test test test test test test test test junk'

export interface DevAccount {
  index: number
  address: Uint8Array
  privateKey: Uint8Array
}

/** A BIP-32 extended private key: the key and its chain code. */
interface ExtendedKey {
  privateKey: Uint8Array
  chainCode: Uint8Array
}

/** The path the dev accounts are children of, as Anvil's `--derivation-path` writes it (the index is appended). */
export const DEV_DERIVATION_PATH = "m/44'/60'/0'/0/"

/** Per mnemonic and path: the key at the path and the accounts derived from it so far, in index order. */
const derived = new Map<string, { parent: ExtendedKey; accounts: DevAccount[] }>()

/**
 * Accounts PATH/i for i < count (m/44'/60'/0'/0/i by default), as Anvil and Hardhat derive them. Keys depend on
 * the mnemonic and path alone, so each is derived once per process and shared by every network (a test suite
 * creates one per test); callers get their own array. The path itself is derived once, not once per account.
 * BIP-32's derivation runs on Node's HMAC and the native secp256k1: with a pure-JS curve, the first public key
 * built its precomputed tables, ~130 ms of every start-up (test/evm/accounts.test.ts holds the keys to @scure/bip32's).
 */
export function deriveDevAccounts(mnemonic: string, count: number, path: string = DEV_DERIVATION_PATH): DevAccount[] {
  const indexes = derivationPathIndexes(path)
  const cacheKey = `${indexes.join('/')} ${mnemonic}`
  let known = derived.get(cacheKey)
  if (!known) {
    let key = masterKey(bip39Seed(mnemonic))
    for (const index of indexes) key = childKey(key, index)
    known = { parent: key, accounts: [] }
    derived.set(cacheKey, known)
  }
  for (let index = known.accounts.length; index < count; index++) {
    const { privateKey } = childKey(known.parent, index)
    known.accounts.push({ index, privateKey, address: addressOf(privateKey) })
  }
  return known.accounts.slice(0, count)
}

const HARDENED = 0x8000_0000

/**
 * The child indexes of a BIP-32 path such as m/44'/60'/0'/0/ (Anvil's form, the account index appended to it)
 * or m/44'/60'/0'/0 (Hardhat's `path`): `'` (or `h`) marks a hardened index.
 */
export function derivationPathIndexes(path: string): number[] {
  const segments = path.replace(/\/$/, '').split('/')
  if (segments[0] !== 'm') throw new DerivationPathError(path, 'it must start with m/')
  return segments.slice(1).map((segment) => {
    const match = /^(\d+)(['h]?)$/.exec(segment)
    const index = match ? Number(match[1]) : Number.NaN
    if (!match || !(index < HARDENED)) throw new DerivationPathError(path, `${JSON.stringify(segment)} is not an index below 2^31, hardened or not`)
    return match[2] ? index + HARDENED : index
  })
}

/** BIP-32's master key of a seed. */
function masterKey(seed: Uint8Array): ExtendedKey {
  const digest = createHmac('sha512', 'Bitcoin seed').update(seed).digest()
  return { privateKey: new Uint8Array(digest.subarray(0, 32)), chainCode: new Uint8Array(digest.subarray(32)) }
}

/** BIP-32's CKDpriv: the child at `index` (hardened from 2^31) of a private key. */
function childKey(parent: ExtendedKey, index: number): ExtendedKey {
  const data = new Uint8Array(37)
  if (index >= HARDENED) data.set(parent.privateKey, 1)
  else data.set(compressedPublicKeyOf(parent.privateKey), 0)
  new DataView(data.buffer).setUint32(33, index)
  const digest = createHmac('sha512', parent.chainCode).update(data).digest()
  // Adds the left half to the parent key modulo the curve order; throws in the ~2^-127 case BIP-32 skips.
  return { privateKey: tweakPrivateKey(parent.privateKey, digest.subarray(0, 32)), chainCode: new Uint8Array(digest.subarray(32)) }
}

/**
 * BIP-39's seed: PBKDF2-HMAC-SHA512 of the NFKD mnemonic, salt "mnemonic", 2,048 rounds (no passphrase).
 * Node's native PBKDF2 takes ~1 ms where @scure/bip39's pure-JS one takes ~33 ms cold; a test checks the two
 * agree.
 */
export function bip39Seed(mnemonic: string): Uint8Array {
  return pbkdf2Sync(mnemonic.normalize('NFKD'), 'mnemonic', 2048, 64, 'sha512')
}

/**
 * The address that a private key signs for: the last 20 bytes of the keccak of its public key, computed natively
 * (the library's pure-JS curve builds its precomputed tables first: ~60 ms of every start-up).
 */
export function addressOf(privateKey: Uint8Array): Uint8Array {
  return keccak256(publicKeyOf(privateKey)).slice(12)
}
