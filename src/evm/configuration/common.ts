import { Common, Holesky, Hoodi, Mainnet, Sepolia, createCustomCommon, createCommonFromGethGenesis } from '@ethereumjs/common'
import type { GethGenesis } from '@ethereumjs/common'
import { nativeCrypto } from '../crypto/crypto.ts'
import { withFastEipLookup } from '../patches/fastCommon.ts'
import { LATEST_HARDFORK } from './hardforks.ts'
import type { HardforkName } from './hardforks.ts'

export type { Common }

/** Chain rules for a dev network: mainnet's rules at `hardfork` (by default `latest`) from genesis, with its own chain id. */
export function createDevCommon(chainId: bigint, name: string, hardfork: HardforkName = LATEST_HARDFORK): Common {
  return withFastEipLookup(createCustomCommon({ chainId: Number(chainId), name }, Mainnet, { hardfork, customCrypto: nativeCrypto }))
}

/** The public chains whose fork schedule @ethereumjs/common carries. */
const KNOWN_CHAINS = [Mainnet, Sepolia, Holesky, Hoodi]

/**
 * The rules of a public chain @ethereumjs/common knows by its chain id (mainnet, Sepolia, Holesky, Hoodi), with
 * its fork schedule (an engine that follows forks picks each block's by its number and time); undefined for any
 * other chain. A replay of such a chain runs each block under the rules it ran under upstream.
 */
export function createKnownChainCommon(chainId: bigint): Common | undefined {
  const chain = KNOWN_CHAINS.find((c) => BigInt(c.chainId) === chainId)
  return chain && withFastEipLookup(new Common({ chain, customCrypto: nativeCrypto }))
}

/**
 * Chain rules from a geth-format genesis file (block- and time-based forks), with native
 * signature recovery and the KZG.
 *
 * @ethereumjs/common 10.1.3 cannot take a `blobSchedule` entry for a BPO fork: it rewrites the
 * entry into parameter names its BPO forks do not read, and the first BPO block then fails with
 * "Missing parameter value for target". Such entries are left out when they equal the library's
 * built-in values (as they do for the mainnet schedule), and refused otherwise.
 */
export function createGenesisCommon(genesis: GethGenesis): Common {
  const { blobSchedule, ...rest } = genesis.config
  const isBpo = (fork: string) => /^bpo\d+$/.test(fork)
  const entries = Object.entries(blobSchedule ?? {})
  const bpoEntries = entries.filter(([fork]) => isBpo(fork))
  const config = blobSchedule ? { ...rest, blobSchedule: Object.fromEntries(entries.filter(([fork]) => !isBpo(fork))) } : rest
  const common = withFastEipLookup(createCommonFromGethGenesis({ ...genesis, config }, { chain: genesis.name ?? 'imported', customCrypto: nativeCrypto }))
  for (const [fork, entry] of bpoEntries) {
    // paramByHardfork does not see a BPO fork's own parameters; a Common at that fork does.
    const atFork = common.copy()
    atFork.setHardfork(fork)
    const builtIn = {
      target: atFork.param('target'),
      max: atFork.param('max'),
      baseFeeUpdateFraction: atFork.param('blobGasPriceUpdateFraction'),
    }
    for (const key of ['target', 'max', 'baseFeeUpdateFraction'] as const) {
      if (entry[key] !== undefined && BigInt(entry[key]) !== builtIn[key]) {
        throw new Error(`config.blobSchedule.${fork}.${key} is ${entry[key]}; only the built-in value ${builtIn[key]} is supported`)
      }
    }
  }
  return common
}

/**
 * The rules of a block at each number and time under `common`'s fork schedule, one Common per fork made once
 * (`common` itself for its own fork): what blocks read back from a state file are decoded under.
 */
export function rulesByFork(common: Common): (number: bigint, timestamp: bigint) => Common {
  const byFork = new Map<string, Common>([[common.hardfork(), common]])
  // Past the last scheduled fork (every block of a dev chain), the fork needs no looking up.
  let lastBlock = 0n
  let lastTime = 0n
  for (const fork of common.hardforks()) {
    if (fork.block !== null && BigInt(fork.block) > lastBlock) lastBlock = BigInt(fork.block)
    if (fork.timestamp !== undefined && fork.timestamp !== null && BigInt(fork.timestamp) > lastTime) lastTime = BigInt(fork.timestamp)
  }
  let latest: Common | undefined
  return (number, timestamp) => {
    if (latest && number >= lastBlock && timestamp >= lastTime) return latest
    const fork = common.getHardforkBy({ blockNumber: number, timestamp })
    let rules = byFork.get(fork)
    if (!rules) {
      rules = common.copy()
      rules.setHardfork(fork)
      byFork.set(fork, rules)
    }
    if (number >= lastBlock && timestamp >= lastTime) latest = rules
    return rules
  }
}
