import { AccountSigning } from './accounts/accountSigning.ts'
import type { DevAccounts } from './accounts/devAccounts.ts'
import type { Chain } from './chain/chain.ts'
import type { ChainClock } from './chain/clock.ts'
import { HeadStateOverride } from './chain/headStateOverride.ts'
import { Snapshots } from './chain/snapshots.ts'
import type { ChainBlock } from './chain/types.ts'
import type { NetworkConsole } from './console/networkConsole.ts'
import { transactionGasCapOf } from './evm/index.ts'
import type { SignedTransaction } from './evm/index.ts'
import { callTreesOfBlock } from './stateReads/callTrees.ts'
import { ExecutionReads } from './stateReads/executionReads.ts'
import { FilterManager } from './filters/filterManager.ts'
import type { PendingLogs } from './filters/filterManager.ts'
import { SubscriptionHub } from './filters/subscriptions.ts'
import { ChainLogs } from './logs/chainLogs.ts'
import { matchesCriteria } from './logs/index.ts'
import { BlockParameters } from './mining/blockParameters.ts'
import { BlockProducer } from './mining/blockProducer.ts'
import { Miner } from './mining/miner.ts'
import type { MiningMode } from './mining/miner.ts'
import { TestClientSettings } from './mining/testClientSettings.ts'
import type { TrackedParts } from './networkChangeTracker.ts'
import { NODE_DEFAULTS } from './nodeOptions.ts'
import type { NodeOptions } from './nodeOptions.ts'
import { ReorgControl } from './reorg/reorgControl.ts'
import { ReorgHistory } from './reorg/reorgHistory.ts'
import { ReplayControl } from './replay/replayControl.ts'
import { AddressHistory } from './search/index.ts'
import type { PendingBlock } from './txpool/pendingBlock.ts'
import { PoolEntry } from './txpool/poolEntry.ts'
import { TxPool } from './txpool/txPool.ts'

/**
 * What the parts call back into on the node that owns them: its write queue, its current chain and keys (anvil_reset
 * and anvil_loadState replace both), and its own entry points. Each is asked when used, never kept.
 */
export interface NodeEntryPoints {
  /** Runs `write` in the node's write queue. */
  queued<T>(write: () => Promise<T>): Promise<T>
  chain(): Chain
  head(): ChainBlock
  accounts(): DevAccounts
  chainId(): bigint
  nextBaseFee(): bigint
  nextBlobBaseFee(): bigint | undefined
  pendingBlock(): Promise<PendingBlock>
  pendingNonce(address: Uint8Array): Promise<bigint>
  decodeTransaction(raw: Uint8Array): SignedTransaction
  /** A block the interval timer asks for (`ChainNode.mine(1)`). */
  mineScheduled(): Promise<unknown>
  /** Under automine, mines what the pool can run now; inside the queue. */
  mineWaiting(): Promise<void>
  /** Whether a state file records the network's writes. */
  isTracked(): boolean
  /** The genesis as geth writes it. */
  gethGenesis(): Record<string, unknown>
}

/** What a network is made of: every part the node coordinates, built and wired to one another. */
export interface NodeParts {
  /** Told of a block mined in the background that failed (an interval's, or a send's answered at admission). */
  onError: (error: unknown) => void
  pool: TxPool
  logs: ChainLogs
  miner: Miner
  filters: FilterManager
  subscriptions: SubscriptionHub
  snapshots: Snapshots
  headState: HeadStateOverride
  blockParameters: BlockParameters
  producer: BlockProducer
  poolEntry: PoolEntry
  reorgHistory: ReorgHistory
  /** The parts a state file keeps, to follow or picture them. */
  tracked: TrackedParts
  execution: ExecutionReads
  signing: AccountSigning
  settings: TestClientSettings
  reorgs: ReorgControl
  addressHistory: AddressHistory
  replay: ReplayControl | undefined
}

export interface AssemblyInputs {
  name: string
  /** The chain the network starts on. */
  chain: Chain
  clock: ChainClock
  options: NodeOptions
  /** The mining the network starts with (and anvil_reset goes back to). */
  mining: MiningMode
  console: NetworkConsole
}

/**
 * Builds a network's parts on `inputs.chain` and wires each concern's module with the queue and the parts it
 * needs (see "Write queue" in ARCHITECTURE.md: the writes among them are handed the queue's `run` as `queued`,
 * never a part to write around it). `node` is the coordinator that will own them.
 */
export function assembleNode({ name, chain, clock, options, mining, console: networkConsole }: AssemblyInputs, node: NodeEntryPoints): NodeParts {
  // The states they hold are the current chain's (anvil_reset and anvil_loadState replace it).
  const states = {
    retainState: (root: Uint8Array) => node.chain().engine.states.retainState(root),
    releaseState: (root: Uint8Array) => node.chain().engine.states.releaseState(root),
  }
  const snapshots = new Snapshots(states)
  const headState = new HeadStateOverride(states)
  const blockParameters = new BlockParameters({
    gasLimit: options.blockGasLimit ?? chain.head.header.gasLimit,
    coinbase: options.coinbase ?? new Uint8Array(20),
  })
  const reorgHistory = new ReorgHistory()
  const pool = new TxPool(options.maxPoolSize, options.transactionOrder)
  const onError = options.onError ?? ((error) => console.error(`[${name}] background mining failed:`, error))
  // A block a timer asks for while a replay holds mining back is not mined (and is no error).
  const miner = new Miner(mining, () => (replay?.holdsMining ? Promise.resolve() : node.mineScheduled()), onError)
  const logs = new ChainLogs(chain, {
    pendingLogs: async (criteria) => (await node.pendingBlock()).transactions.flatMap((t) => t.logs.filter((log) => matchesCriteria(log, criteria))),
    olderLogs: options.olderLogs,
  })
  const addressHistory = new AddressHistory(chain, (block) => callTreesOfBlock(execution, block))
  headState.follow(chain)
  const filters = new FilterManager({
    chain,
    logs: logs.index,
    timeoutMs: options.filterTimeoutMs ?? NODE_DEFAULTS.filterTimeoutMs,
    now: options.filterClock,
    maxFilters: options.maxFilters,
    maxChanges: options.maxFilterChanges,
    pendingLogs: async () => pendingLogsOf(await node.pendingBlock()),
    installRefusal: (criteria) => logs.installRefusal(criteria),
  })
  const subscriptions = new SubscriptionHub(chain, { maxPerConnection: options.maxSubscriptionsPerConnection })
  pool.events.on('added', (signed) => {
    filters.transactionPooled(signed)
    subscriptions.transactionPooled(signed)
  })

  // What the modules below are wired with: the queue to run their writes in, and the parts they work on.
  const parts = {
    queued: <T>(write: () => Promise<T>) => node.queued(write),
    chain: () => node.chain(),
    head: () => node.head(),
    pool,
    clock,
    miner,
    blockParameters,
    headState,
    snapshots,
    history: reorgHistory,
    accounts: () => node.accounts(),
    chainId: () => node.chainId(),
    nextBaseFee: () => node.nextBaseFee(),
    nextBlobBaseFee: () => node.nextBlobBaseFee(),
    blockGasLimit: () => blockParameters.gasLimit,
    stateAt: (block: ChainBlock) => execution.stateAt(block),
    stateRootOf: (block: ChainBlock) => execution.stateRootOf(block),
  }
  const tracked: TrackedParts = { ...parts, accounts: parts.accounts, genesis: () => node.gethGenesis() }
  const execution = new ExecutionReads(parts.chain, headState, networkConsole)
  const poolEntry = new PoolEntry(parts)
  const producer = new BlockProducer({
    ...parts,
    console: networkConsole,
    // Whatever mines a block on the head lets the reorg profile draw after it.
    afterMined: () => reorgs.afterMined(),
    watchesPendingLogs: () => filters.watchesPendingLogs,
    pendingLogsSeen: (pending) => filters.pendingLogsSeen(pending.parent.number, pendingLogsOf(pending)),
  })
  const signing = new AccountSigning(
    {
      ...parts,
      pendingNonce: (address) => node.pendingNonce(address),
      // Filling a transaction's gas prints nothing: the transaction prints when it is mined.
      estimateGas: (request) => execution.estimateGas(request, node.head(), {}, { printsConsole: false }),
      transactionGasCap: () => transactionGasCapOf(node.chain().engine.rulesAt(node.head().number + 1n, clock.previewTimestampAfter(node.head()))),
    },
    { autoImpersonate: options.autoImpersonate },
  )
  const settings = new TestClientSettings({
    ...parts,
    isTracked: () => node.isTracked(),
    mineOnHead: async () => (replay?.holdsMining ? undefined : producer.mineOnHead()),
  })
  const reorgs = new ReorgControl(
    {
      ...parts,
      buildOn: (parent, transactions, extraData) => producer.buildOn(parent, transactions, extraData),
      decode: (raw) => node.decodeTransaction(raw),
      sign: (request) => signing.signWithDevAccount(request),
      returnToPool: (transactions) => poolEntry.returnToPool(transactions),
      rebuildLike: (parent, block, extraData) => producer.rebuildLike(parent, block, extraData, (n) => replay?.upstreamHashOf(n)),
      isReplayedHeight: (number) => replay?.isReplayedHeight(number) ?? false,
      onError: (error) => onError(error),
    },
    options.reorgs,
  )
  const replay =
    options.replay &&
    new ReplayControl(
      {
        queued: parts.queued,
        head: parts.head,
        mineReplayed: (upstream, upstreamHash) => producer.mineReplayed(upstream, upstreamHash),
        afterMined: () => reorgs.afterMined(),
        released: () => node.queued(() => node.mineWaiting()),
      },
      options.replay.source,
      options.replay.plan,
    )
  return {
    pool,
    onError,
    logs,
    miner,
    filters,
    subscriptions,
    snapshots,
    headState,
    blockParameters,
    producer,
    poolEntry,
    reorgHistory,
    tracked,
    execution,
    signing,
    settings,
    reorgs,
    addressHistory,
    replay,
  }
}

function pendingLogsOf(pending: PendingBlock): PendingLogs {
  return pending.transactions.map((t) => ({ transactionHash: t.signed.hashKey, logs: t.logs }))
}
