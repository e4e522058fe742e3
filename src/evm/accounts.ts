import { HDKey } from '@scure/bip32'
import { mnemonicToSeedSync } from '@scure/bip39'
import { privateToAddress } from '@ethereumjs/util'

/** The mnemonic Anvil and Hardhat fund by default. */
export const DEV_MNEMONIC = 'test test test test test test test test test test test junk'

export interface DevAccount {
  index: number
  address: Uint8Array
  privateKey: Uint8Array
}

/** Accounts m/44'/60'/0'/0/i for i < count, as Anvil and Hardhat derive them. */
export function deriveDevAccounts(mnemonic: string, count: number): DevAccount[] {
  const root = HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic))
  return Array.from({ length: count }, (_, index) => {
    const { privateKey } = root.derive(`m/44'/60'/0'/0/${index}`)
    if (!privateKey) throw new Error(`no private key at index ${index}`)
    return { index, privateKey, address: privateToAddress(privateKey) }
  })
}

/** The address that a private key signs for. */
export function addressOf(privateKey: Uint8Array): Uint8Array {
  return privateToAddress(privateKey)
}
