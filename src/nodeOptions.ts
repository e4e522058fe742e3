import { DEFAULT_PRIORITY_FEE } from './accounts/transactionFields.ts'
import { chainFrom } from './chain/chain.ts'
import type { Chain } from './chain/chain.ts'
import { ChainClock } from './chain/clock.ts'
import type { ClockMode } from './chain/clock.ts'
import { defaultStateBlocks } from './chain/stateWindow.ts'
import type { StateBlocks } from './chain/stateWindow.ts'
import type { FinalityDepths } from './chain/types.ts'
import { createDevCommon, deriveDevAccounts, DEV_MNEMONIC, keyOf } from './evm/index.ts'
import type { DevAccount, HardforkName } from './evm/index.ts'
import type { OlderLogs } from './logs/index.ts'
import type { MiningMode } from './mining/miner.ts'
import type { FollowedProfile } from './reorg/reorgControl.ts'
import type { ReplayPlan } from './replay/replayControl.ts'
import type { ReplaySource } from './replay/types.ts'

/** How a network is made: what `ChainNode.create` and `fromChain` take, every key optional. The defaults, and the dev chain they describe, follow. */
export interface NodeOptions {
  /** Network name, shown in the banner and logs. */
  name?: string
  chainId?: bigint
  mining?: MiningMode
  finality?: Partial<FinalityDepths>
  clock?: ClockMode
  /** The genesis block's timestamp (default: the clock's): recorded networks share one, which their scenario names. */
  genesisTimestamp?: bigint
  blockGasLimit?: bigint
  genesisBaseFeePerGas?: bigint
  mnemonic?: string
  accountCount?: number
  accountBalance?: bigint
  /** Receives the fees of mined blocks. */
  coinbase?: Uint8Array
  /** Where background faults (interval mining) are reported. */
  onError?: (error: unknown) => void
  /** A filter not polled for this long is uninstalled (default 5 minutes). */
  filterTimeoutMs?: number
  /** The clock filter expiry is measured on, in ms (tests inject one). */
  filterClock?: () => number
  /** Filters installed at once on this network (-32005 past it). */
  maxFilters?: number
  /** Changes one filter may hold between polls; past it the filter is uninstalled (default 10,000). */
  maxFilterChanges?: number
  /** Subscriptions one WebSocket connection may hold (-32005 past it). */
  maxSubscriptionsPerConnection?: number
  /** Transactions the pool holds (`txpool is full` past it). */
  maxPoolSize?: number
  /** Logs of the blocks before the chain's first (a fork's upstream): log queries reaching them merge them in. */
  olderLogs?: OlderLogs
  /**
   * How many of the newest blocks keep their state (default 256, and at least `finalizedDepth` + 64);
   * `'all'` keeps every block's state (an archive). Older states are freed: reads at those blocks
   * answer "missing trie node", and reorgs down to them are refused.
   */
  stateBlocks?: StateBlocks
  /** A forked network's replay of its upstream's blocks after the fork block (src/replay): where from, and how. */
  replay?: { source: ReplaySource; plan: ReplayPlan }
  /**
   * The rules the network runs (default `latest`); a fork's default is its upstream's rules at the fork block.
   * Names as `parseHardfork` reads them.
   */
  hardfork?: HardforkName
  /** The reorg profile the network follows from its start (src/reorg/profiles), and the seed of its draws. */
  reorgs?: FollowedProfile
}

const ETHER = 10n ** 18n
const GWEI = 10n ** 9n

/** Anvil's and Hardhat's defaults, so that tools configured for them work unchanged. */
export const NODE_DEFAULTS = {
  name: 'dev',
  chainId: 31337n,
  blockGasLimit: 30_000_000n,
  genesisBaseFeePerGas: GWEI,
  accountCount: 10,
  accountBalance: 10_000n * ETHER,
  finality: { safeDepth: 32n, finalizedDepth: 64n },
  priorityFee: DEFAULT_PRIORITY_FEE,
  filterTimeoutMs: 5 * 60_000,
} as const

/** How many blocks keep their state, from node options: by default 256, and at least finalized + 64. */
export function stateBlocksOf(options: NodeOptions, finality: Pick<FinalityDepths, 'finalizedDepth'>): StateBlocks {
  return options.stateBlocks ?? defaultStateBlocks(finality.finalizedDepth)
}

/** Finality depths from node options, with the defaults (safe = head − 32, finalized = head − 64). */
export function finalityOf(options: NodeOptions): FinalityDepths {
  return {
    safeDepth: options.finality?.safeDepth ?? NODE_DEFAULTS.finality.safeDepth,
    finalizedDepth: options.finality?.finalizedDepth ?? NODE_DEFAULTS.finality.finalizedDepth,
  }
}

/** A fresh dev chain as `options` describe it: a genesis funding the dev accounts, and their keys. */
export async function createDevChain(options: NodeOptions): Promise<{ chain: Chain; accounts: readonly DevAccount[] }> {
  const name = options.name ?? NODE_DEFAULTS.name
  const chainId = options.chainId ?? NODE_DEFAULTS.chainId
  const accounts = deriveDevAccounts(options.mnemonic ?? DEV_MNEMONIC, options.accountCount ?? NODE_DEFAULTS.accountCount)
  const clock = new ChainClock(options.clock ?? { kind: 'wall' })
  const balance = options.accountBalance ?? NODE_DEFAULTS.accountBalance
  const chain = await chainFrom({
    common: createDevCommon(chainId, name, options.hardfork),
    followsForks: false,
    genesis: {
      alloc: new Map(accounts.map((a) => [keyOf(a.address), { balance }])),
      timestamp: options.genesisTimestamp ?? clock.genesisTimestamp(),
      gasLimit: options.blockGasLimit ?? NODE_DEFAULTS.blockGasLimit,
      baseFeePerGas: options.genesisBaseFeePerGas ?? NODE_DEFAULTS.genesisBaseFeePerGas,
    },
    finality: finalityOf(options),
    stateBlocks: stateBlocksOf(options, finalityOf(options)),
  })
  return { chain, accounts }
}
