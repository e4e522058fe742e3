import { Common, Hardfork, Mainnet, createCustomCommon, createCommonFromGethGenesis } from '@ethereumjs/common'
import type { GethGenesis } from '@ethereumjs/common'
import { nativeCrypto } from './crypto.ts'

export type { Common }

/** The hardfork every dev network runs (DESIGN.md: Prague). */
export const DEV_HARDFORK = Hardfork.Prague

/** Chain rules for a dev network: mainnet's rules at Prague from genesis, with its own chain id. */
export function createDevCommon(chainId: bigint, name: string): Common {
  return createCustomCommon(
    { chainId: Number(chainId), name },
    Mainnet,
    { hardfork: DEV_HARDFORK, customCrypto: nativeCrypto },
  )
}

/** Chain rules from a geth-format genesis file (block- and time-based forks). */
export function createGenesisCommon(genesis: GethGenesis): Common {
  return createCommonFromGethGenesis(genesis, { customCrypto: nativeCrypto })
}
