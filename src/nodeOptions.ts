import { DEFAULT_PRIORITY_FEE } from './accounts/transactionFields.ts'
import { chainFrom } from './chain/chain.ts'
import type { Chain } from './chain/chain.ts'
import { ChainClock } from './chain/clock.ts'
import type { ClockMode } from './chain/clock.ts'
import { defaultStateBlocks } from './chain/stateWindow.ts'
import type { StateBlocks } from './chain/stateWindow.ts'
import type { FinalityDepths } from './chain/types.ts'
import { createDevCommon, deriveDevAccounts, DEV_MNEMONIC, keyOf, UNLIMITED_CODE_SIZE, withCodeSizeLimit } from './evm/index.ts'
import type { Common } from './evm/index.ts'
import type { DevAccount, HardforkName } from './evm/index.ts'
import type { OlderLogs } from './logs/index.ts'
import type { MiningMode } from './mining/miner.ts'
import type { TransactionOrder } from './txpool/txPool.ts'
import type { FollowedProfile } from './reorg/reorgControl.ts'
import type { ReplayPlan } from './replay/replayControl.ts'
import type { ReplaySource } from './replay/types.ts'

/** What a forked network grew from, for banners and clients. */
export interface ForkOrigin {
  /** The upstream's URL as shown (keys cut down). */
  upstream: string
  /** The upstream's chain id (the network's own unless the config set another). */
  upstreamChainId: bigint
  blockNumber: bigint
  blockHash: string
  /** The cache directory of this upstream chain and block. */
  cacheDir: string
  offline: boolean
  /** The first wait before an upstream read is tried again, in ms; undefined when the upstream is never asked. */
  retryBackoffMs: number | undefined
}

/**
 * A forked network's identity, held by its node (`ChainNode.fork`) so that what serves it reads where it forked
 * without asking the fork builder: its origin, and the one thing a client may change of it (anvil_setRpcUrl).
 */
export interface ForkIdentity {
  readonly origin: ForkOrigin
  /** Later upstream reads go to this URL (the same chain); throws when the fork is offline. */
  setUpstreamUrl(url: URL): void
}

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
  /** What the wall clock reads as the network starts, running on from there (Anvil's `--timestamp`, with `genesisTimestamp`). */
  clockStart?: bigint
  blockGasLimit?: bigint
  genesisBaseFeePerGas?: bigint
  /** The dev accounts: PATH/i for i < accountCount of this mnemonic, each funded with accountBalance wei. */
  mnemonic?: string
  /** Anvil's `--derivation-path` form, m/44'/60'/0'/0/ by default. */
  derivationPath?: string
  accountCount?: number
  accountBalance?: bigint
  /** EIP-170's contract code size limit in bytes (default 24,576; the initcode limit is twice it), or `'unlimited'`. */
  codeSizeLimit?: number | 'unlimited'
  /** The order a block takes pooled transactions in: the highest tip first (`fees`, the default), or arrival (`fifo`). */
  transactionOrder?: TransactionOrder
  /** Receives the fees of mined blocks. */
  coinbase?: Uint8Array
  /** eth_sendTransaction sends as any address without its key (Anvil's `--auto-impersonate`). */
  autoImpersonate?: boolean
  /** Where background faults (interval mining) are reported. */
  onError?: (error: unknown) => void
  /** A filter not polled for this long is uninstalled (default 5 minutes). */
  filterTimeoutMs?: number
  /**
   * How long a sync send (EIP-7966) waits for the block that mines it: when the call names no wait, and at most
   * (geth's --rpc.txsync.defaulttimeout and --rpc.txsync.maxtimeout: 20 s and 60 s).
   */
  syncSendTimeouts?: SyncSendTimeouts
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
  /** What a forked network is a fork of (createForkedNode gives it): the node's `fork`. */
  fork?: ForkIdentity
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
  syncSendTimeouts: { defaultMs: 20_000, maxMs: 60_000 },
} as const

/** A sync send's waits, in milliseconds: when the call names none, and the longest it may name. */
export interface SyncSendTimeouts {
  defaultMs: number
  maxMs: number
}

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
  const accounts = devAccountsOf(options)
  const clock = new ChainClock(options.clock ?? { kind: 'wall' })
  const balance = options.accountBalance ?? NODE_DEFAULTS.accountBalance
  const chain = await chainFrom({
    common: withChainRules(createDevCommon(chainId, name, options.hardfork), options),
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

/** The dev accounts `options` describe (the Anvil and Hardhat mnemonic's ten by default). */
export function devAccountsOf(options: NodeOptions): DevAccount[] {
  return deriveDevAccounts(options.mnemonic ?? DEV_MNEMONIC, options.accountCount ?? NODE_DEFAULTS.accountCount, options.derivationPath)
}

/** `common` with the rules `options` change: the contract size limit. */
export function withChainRules<T extends Common>(common: T, options: NodeOptions): T {
  if (options.codeSizeLimit === undefined) return common
  return withCodeSizeLimit(common, options.codeSizeLimit === 'unlimited' ? UNLIMITED_CODE_SIZE : options.codeSizeLimit)
}
