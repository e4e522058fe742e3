import { entropyToMnemonic, mnemonicToSeedSync } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english.js'
import fc from 'fast-check'
import { HDKey } from '@scure/bip32'
import { privateKeyToAccount } from 'viem/accounts'
import { expect, test } from 'vitest'
import { bip39Seed, deriveDevAccounts, DEV_MNEMONIC } from '../../src/evm/index.ts'
import { fuzzParameters } from '../fuzz/fuzzSettings.ts'

const hex = (bytes: Uint8Array) => `0x${Buffer.from(bytes).toString('hex')}`

test("the native seed is BIP-39's, for the dev mnemonic and others (unicode normalised)", () => {
  for (const mnemonic of [
    DEV_MNEMONIC,
    'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
    'a\u0301baco a\u0301baco a\u0301baco a\u0301baco a\u0301baco a\u0301baco a\u0301baco a\u0301baco a\u0301baco a\u0301baco a\u0301baco abierto',
  ]) {
    expect(hex(bip39Seed(mnemonic))).toBe(hex(mnemonicToSeedSync(mnemonic)))
  }
})

test("dev accounts are m/44'/60'/0'/0/i, as viem derives them, whatever count was asked first", () => {
  const few = deriveDevAccounts(DEV_MNEMONIC, 3)
  const many = deriveDevAccounts(DEV_MNEMONIC, 12)
  expect(many.slice(0, 3)).toEqual(few)
  const root = HDKey.fromMasterSeed(mnemonicToSeedSync(DEV_MNEMONIC))
  for (const account of many) {
    const privateKey = root.derive(`m/44'/60'/0'/0/${account.index}`).privateKey!
    expect(hex(account.privateKey)).toBe(hex(privateKey))
    expect(hex(account.address)).toBe(privateKeyToAccount(hex(privateKey) as `0x${string}`).address.toLowerCase())
  }
  expect(hex(many[0]!.address)).toBe('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266')
})

test('each caller gets its own list', () => {
  const list = deriveDevAccounts(DEV_MNEMONIC, 2)
  list.pop()
  expect(deriveDevAccounts(DEV_MNEMONIC, 2)).toHaveLength(2)
})

test('property: the keys of any mnemonic are the ones @scure/bip32 derives, past the first few indexes too', () => {
  fc.assert(
    fc.property(fc.uint8Array({ minLength: 16, maxLength: 16 }), fc.integer({ min: 1, max: 25 }), (entropy, count) => {
      const mnemonic = entropyToMnemonic(entropy, wordlist)
      const parent = HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic)).derive("m/44'/60'/0'/0")
      for (const account of deriveDevAccounts(mnemonic, count)) {
        expect(hex(account.privateKey)).toBe(hex(parent.deriveChild(account.index).privateKey!))
      }
    }),
    fuzzParameters(40),
  )
})

test("another derivation path, in Anvil's form (trailing /) or Hardhat's, derives as @scure/bip32 does", () => {
  const root = HDKey.fromMasterSeed(mnemonicToSeedSync(DEV_MNEMONIC))
  for (const path of ["m/44'/60'/0'/1/", "m/44'/60'/0'/1", 'm/44h/60h/2h/0/']) {
    const [first, second] = deriveDevAccounts(DEV_MNEMONIC, 2, path)
    const base = path.replace(/\/$/, '').replaceAll('h', "'")
    expect(hex(first!.privateKey)).toBe(hex(root.derive(`${base}/0`).privateKey!))
    expect(hex(second!.privateKey)).toBe(hex(root.derive(`${base}/1`).privateKey!))
  }
  expect(deriveDevAccounts(DEV_MNEMONIC, 1, "m/44'/60'/0'/0/")).toEqual(deriveDevAccounts(DEV_MNEMONIC, 1))
})

test('a path that is not BIP-32 is refused, naming the segment', () => {
  expect(() => deriveDevAccounts(DEV_MNEMONIC, 1, "44'/60'")).toThrow(/must start with m\//)
  expect(() => deriveDevAccounts(DEV_MNEMONIC, 1, "m/44'/x")).toThrow(/"x" is not an index below 2\^31/)
})
