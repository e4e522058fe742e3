import { miningOf } from '../config/chainKeys.ts'
import type { NetworkConfig } from '../config/schema.ts'
import { isBuiltInProfile, profileFileOf, resolveReorgProfile } from '../reorg/profiles/index.ts'
import type { ReorgProfile } from '../reorg/profiles/index.ts'

/*
 * The opening of a recording's scenario file: its name, its clock and the networks it plays on. Written once, when
 * every recorded network is attached; the steps that follow are the recorder's (src/record/recorder.ts).
 */

/** A recorded network as the header needs it: its config, and the block it forked at when it is a fork. */
export interface RecordedNetwork {
  config: NetworkConfig
  forkBlock: bigint | undefined
}

/** The scenario header of a recording started at `genesisTimestamp` (seconds) over `networks`. */
export function scenarioHeaderOf(genesisTimestamp: bigint, networks: readonly RecordedNetwork[]): Record<string, unknown> {
  return {
    name: 'Recorded from chainsim serve',
    description: `Every state-changing call made to the served networks from ${new Date(Number(genesisTimestamp) * 1000).toISOString()}, in order.`,
    clock: { genesisTime: Number(genesisTimestamp) },
    networks: networks.map(({ config, forkBlock }) => scenarioNetworkOf(config, forkBlock)),
  }
}

/** A fork's config at the block the served network forked at, named `blockNumber` (whichever name it was given by). */
function forkAt(fork: NonNullable<NetworkConfig['fork']>, forkBlock: bigint | undefined): NonNullable<NetworkConfig['fork']> {
  if (forkBlock === undefined) return fork
  const { block: _block, ...rest } = fork
  return { ...rest, blockNumber: Number(forkBlock) }
}

/** A custom profile as the recording's file holds it: the figures that make its draws. */
function fileFormOf(profile: ReorgProfile) {
  const { name, probability, depths, transactions } = profileFileOf(profile)
  return { name, probability, depths, transactions }
}

/**
 * A served network's config as its recording's scenario network: what makes its chain (chain id, fork at the block it
 * forked at, finality, history, limits, reorg profile, resolved to its figures so that the file stands alone), without
 * its port or armed faults; interval mining becomes manual mining (the timer's blocks are `mine` steps).
 */
function scenarioNetworkOf(config: NetworkConfig, forkBlock: bigint | undefined): Record<string, unknown> {
  // How it mines is what the recording's steps say; its interval and Anvil's mining keys are not played again.
  const { port: _port, faults: _faults, mining: _mining, blockTime: _blockTime, noMining: _noMining, reorgs, fork, ...rest } = config
  const mining = miningOf(config, config.mining)
  const builtIn = reorgs && typeof reorgs.profile === 'string' && isBuiltInProfile(reorgs.profile)
  const profile = reorgs && !builtIn ? resolveReorgProfile(reorgs.profile, { allowFiles: true }) : undefined
  return {
    ...rest,
    ...(fork ? { fork: forkAt(fork, forkBlock) } : {}),
    mining: { auto: mining.auto },
    ...(reorgs && builtIn ? { reorgs } : {}),
    ...(reorgs && profile
      ? {
          reorgs: {
            profile: fileFormOf(profile),
            ...(reorgs.seed === undefined ? {} : { seed: reorgs.seed }),
          },
        }
      : {}),
  }
}
