import { randomBytes } from 'node:crypto'
import { DevAccounts } from './accounts/devAccounts.ts'
import { DEFAULT_PRIORITY_FEE, transactionFields } from './accounts/transactionFields.ts'
import type { TransactionRequest } from './accounts/transactionFields.ts'
import type { TypedData } from './accounts/typedData.ts'
import { chainFrom } from './chain/chain.ts'
import type { Chain, ChainOrigin, ChainReader } from './chain/chain.ts'
import { ChainClock, sameClockMode, UNMOVED_CLOCK } from './chain/clock.ts'
import type { ClockMode, ClockState } from './chain/clock.ts'
import { StateUnavailable, TimestampNotAfterHead } from './chain/errors.ts'
import { HeadStateOverride } from './chain/headStateOverride.ts'
import { resolveTagNumber } from './chain/tags.ts'
import { Snapshots } from './chain/snapshots.ts'
import type { ReorgEvent } from './chain/events.ts'
import { defaultStateBlocks } from './chain/stateWindow.ts'
import type { StateBlocks } from './chain/stateWindow.ts'
import type { BlockSelector, ChainBlock, FinalityDepths, TransactionLocation } from './chain/types.ts'
import { WriteQueue } from './chain/writeQueue.ts'
import {
  createDevCommon,
  createTracer,
  decodeRawTransaction,
  deriveDevAccounts,
  DEV_MNEMONIC,
  estimateGas,
  keccak256,
  keyOf,
  nextBlobGasPriceOf,
  sidecarVersionAt,
  toGethGenesis,
  TracingFailed,
} from './evm/index.ts'
import type {
  AccountChange,
  AccountOverride,
  AccountProof,
  BlockOverrides,
  BlockTemplate,
  BuiltBlock,
  CallRequest,
  CallResult,
  DevAccount,
  SignedTransaction,
  SimulatedBlock,
  SimulatedBlockRequest,
  SimulationOptions,
  StateView,
  TraceResult,
  TracerSpec,
  TransactionTracer,
} from './evm/index.ts'
import { FilterManager } from './filters/filterManager.ts'
import { SubscriptionHub } from './filters/subscriptions.ts'
import type { SubscriptionEvent, Subscriber, SubscriptionRequest, SubscriptionSummary } from './filters/subscriptions.ts'
import type { FilterSummary, PendingLogs } from './filters/filterManager.ts'
import type { FilterChanges, FilterKind } from './filters/types.ts'
import { installRefusal, LogIndex, matchesCriteria, queryLogs } from './logs/index.ts'
import type { IndexedBlock, LogFilter, LogLimits, LogQueryOptions, LogQueryRefusal, LogQueryResult, LogSource, OlderLogs } from './logs/index.ts'
import { BlockParameters } from './mining/blockParameters.ts'
import { Miner } from './mining/miner.ts'
import type { MiningMode } from './mining/miner.ts'
import { planAnvilReorg } from './reorg/anvilReorg.ts'
import type { Placement } from './reorg/anvilReorg.ts'
import { executeReorg, reorgAncestor } from './reorg/reorgEngine.ts'
import type { ReorgOutcome, ReorgPlan } from './reorg/reorgEngine.ts'
import { ReorgHistory } from './reorg/reorgHistory.ts'
import type { ReorgCause } from './reorg/reorgHistory.ts'
import { planSimReorg } from './reorg/simReorg.ts'
import type { SimReorgOptions } from './reorg/simReorg.ts'
import { checkAdmission, decodeForAdmission } from './txpool/admission.ts'
import { TransactionRejected } from './txpool/errors.ts'
import { PendingBlockCache } from './txpool/pendingBlock.ts'
import type { PendingBlock } from './txpool/pendingBlock.ts'
import { TxPool } from './txpool/txPool.ts'

export type { TransactionRequest } from './accounts/transactionFields.ts'
export type { PendingBlock } from './txpool/pendingBlock.ts'
export type { TypedData } from './accounts/typedData.ts'
export type { SimReorgOptions } from './reorg/simReorg.ts'
export type { Placement } from './reorg/anvilReorg.ts'
export type { RecordedReorg, ReorgCause } from './reorg/reorgHistory.ts'

export interface NodeOptions {
  /** Network name, shown in the banner and logs. */
  name?: string
  chainId?: bigint
  mining?: MiningMode
  finality?: Partial<FinalityDepths>
  clock?: ClockMode
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
}

/** A transaction by hash: mined into a canonical block, or waiting in the pool. */
export type TransactionLookup =
  | { status: 'mined'; location: TransactionLocation }
  | { status: 'pending'; signed: SignedTransaction }

/** How a network mines now. */
/** What a call may pretend: geth's state overrides (eth_call's third parameter) and block overrides (its fourth). */
export interface CallOverrides {
  stateOverrides?: readonly AccountOverride[]
  blockOverrides?: BlockOverrides
}

export interface MiningStatus {
  automine: boolean
  /** Set while interval mining runs. */
  intervalMs: number | undefined
}

/** What a restored network resumes with besides its blocks (a state file's clock, pool and state set on the head). */
export interface RestoredState {
  clock: ClockState
  pool: readonly SignedTransaction[]
  headEdits?: readonly AccountChange[]
}

/** A whole network rebuilt elsewhere (anvil_loadState): its chain, keys and what it resumes with. */
export interface LoadedNetwork extends RestoredState {
  chain: Chain
  accounts: readonly DevAccount[]
  clockMode: ClockMode
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

/**
 * One simulated network, and the one way in: it coordinates its chain, pool, miner, log index, filters and
 * subscriptions, which are its own. Every write (transactions, mining, reorgs, the clock, the mining mode,
 * snapshots, state set on the head) runs through one queue, so every read sees a consistent chain; readers
 * get read-only views (`chain`) and answers in domain types. ARCHITECTURE.md maps the modules it calls.
 */
export class ChainNode {
  #chain: Chain
  readonly #queue = new WriteQueue()
  readonly #pool: TxPool
  readonly #logs = new LogIndex()
  readonly #miner: Miner
  readonly #filters: FilterManager
  readonly #subscriptions: SubscriptionHub
  readonly #clock: ChainClock
  #accounts: DevAccounts
  readonly #snapshots: Snapshots
  readonly #headState: HeadStateOverride
  readonly #pending = new PendingBlockCache()
  readonly #blockParameters: BlockParameters
  /** What anvil_reset goes back to: the first chain built again, its keys, the configured mining. */
  readonly #origin: { rebuild: () => Promise<Chain>; accounts: readonly DevAccount[]; mining: MiningMode }
  /** Anvil's instance id: a new one whenever the chain is replaced, so clients can tell. */
  #instanceId = randomBytes(32)
  readonly #reorgs = new ReorgHistory()
  readonly #chainReplaced = new Set<() => void>()
  readonly #olderLogs: OlderLogs | undefined
  #reorgCounter = 0
  #closed = false
  readonly #indexBlock = (block: ChainBlock) => {
    this.#logs.append(toIndexedBlock(block))
    this.#headState.forgetUnless(block)
  }
  readonly #indexReorg = ({ commonAncestor, added }: ReorgEvent) => {
    this.#logs.truncate(commonAncestor.number + 1n)
    for (const block of added) this.#logs.append(toIndexedBlock(block))
    this.#headState.forgetUnless(this.head)
  }

  private constructor(
    readonly name: string,
    chain: Chain,
    clock: ChainClock,
    accounts: readonly DevAccount[],
    options: NodeOptions,
    rebuild: (() => Promise<Chain>) | undefined,
  ) {
    this.#chain = chain
    this.#clock = clock
    // The states they hold are the current chain's (anvil_reset and anvil_loadState replace it).
    const states = {
      retainState: (root: Uint8Array) => this.#chain.engine.retainState(root),
      releaseState: (root: Uint8Array) => this.#chain.engine.releaseState(root),
    }
    this.#snapshots = new Snapshots(states)
    this.#headState = new HeadStateOverride(states)
    this.#accounts = new DevAccounts(accounts, chain.engine.common)
    this.#blockParameters = new BlockParameters({
      gasLimit: options.blockGasLimit ?? chain.head.header.gasLimit,
      coinbase: options.coinbase ?? new Uint8Array(20),
    })
    this.#origin = { rebuild: rebuild ?? rebuildFrom(chain.origin), accounts, mining: options.mining ?? { auto: true } }
    this.#olderLogs = options.olderLogs
    this.#pool = new TxPool(options.maxPoolSize)
    const onError = options.onError ?? ((error) => console.error(`[${name}] background mining failed:`, error))
    this.#miner = new Miner(this.#origin.mining, () => this.mine(1), onError)
    this.indexLogsOf(chain)
    this.#filters = new FilterManager({
      chain,
      logs: this.#logs,
      timeoutMs: options.filterTimeoutMs ?? NODE_DEFAULTS.filterTimeoutMs,
      now: options.filterClock,
      maxFilters: options.maxFilters,
      maxChanges: options.maxFilterChanges,
      pendingLogs: async () => pendingLogsOf(await this.pendingBlock()),
    })
    this.#subscriptions = new SubscriptionHub(chain, { maxPerConnection: options.maxSubscriptionsPerConnection })
    this.#pool.events.on('added', (signed) => {
      this.#filters.transactionPooled(signed)
      this.#subscriptions.transactionPooled(signed)
    })
  }

  /** Creates a fresh dev network: genesis with the funded dev accounts, miner started. */
  static async create(options: NodeOptions = {}): Promise<ChainNode> {
    const name = options.name ?? NODE_DEFAULTS.name
    const chainId = options.chainId ?? NODE_DEFAULTS.chainId
    const accounts = deriveDevAccounts(options.mnemonic ?? DEV_MNEMONIC, options.accountCount ?? NODE_DEFAULTS.accountCount)
    const clock = new ChainClock(options.clock ?? { kind: 'wall' })
    const balance = options.accountBalance ?? NODE_DEFAULTS.accountBalance
    const chain = await chainFrom({
      common: createDevCommon(chainId, name),
      followsForks: false,
      genesis: {
        alloc: new Map(accounts.map((a) => [keyOf(a.address), { balance }])),
        timestamp: clock.genesisTimestamp(),
        gasLimit: options.blockGasLimit ?? NODE_DEFAULTS.blockGasLimit,
        baseFeePerGas: options.genesisBaseFeePerGas ?? NODE_DEFAULTS.genesisBaseFeePerGas,
      },
      finality: finalityOf(options),
      stateBlocks: stateBlocksOf(options, finalityOf(options)),
    })
    return ChainNode.fromChain(chain, options, accounts)
  }

  /**
   * Serves an existing chain (for example one imported from a geth genesis and RLP blocks):
   * the node mines on its head with the given options; `accounts` are the keys it signs for. `rebuild` makes the
   * chain again as it started, for anvil_reset (default: from its genesis description; a fork's from its fork block).
   */
  static fromChain(chain: Chain, options: NodeOptions = {}, accounts: readonly DevAccount[] = [], rebuild?: () => Promise<Chain>): ChainNode {
    const node = new ChainNode(options.name ?? NODE_DEFAULTS.name, chain, new ChainClock(options.clock ?? { kind: 'wall' }), accounts, options, rebuild)
    node.#miner.start()
    return node
  }

  /** The chain, read-only: blocks by number, hash and tag, canonical transactions, finality. */
  get chain(): ChainReader {
    return this.#chain
  }

  get accounts(): readonly DevAccount[] {
    return this.#accounts.list
  }

  get chainId(): bigint {
    return this.#chain.chainId
  }

  get head(): ChainBlock {
    return this.#chain.head
  }

  /** Base fee of the next block: the one set with anvil_setNextBlockBaseFeePerGas, else EIP-1559's. */
  get nextBaseFee(): bigint {
    return this.#blockParameters.nextBaseFee ?? this.head.header.calcNextBaseFee()
  }

  /** Gas limit of the blocks mined from now on (evm_setBlockGasLimit changes it). */
  get blockGasLimit(): bigint {
    return this.#blockParameters.gasLimit
  }

  /** Receives the fees of the blocks mined from now on (eth_coinbase; anvil_setCoinbase changes it). */
  get coinbase(): Uint8Array {
    return this.#blockParameters.coinbase
  }

  /** The rules the next block is built under (its hardfork's name, as ethereumjs spells it). */
  get hardfork(): string {
    return this.#chain.engine.common.hardfork()
  }

  /**
   * Calls `listener` whenever anvil_reset or anvil_loadState makes another chain the network's (`chain` is then
   * the new one; the old one's listeners were told it went back to genesis); returns what stops it.
   */
  onChainReplaced(listener: () => void): () => void {
    this.#chainReplaced.add(listener)
    return () => this.#chainReplaced.delete(listener)
  }

  /** 32 random bytes, new whenever anvil_reset or anvil_loadState replaces the chain (Anvil's instance id). */
  get instanceId(): Uint8Array {
    return this.#instanceId
  }

  /** The evm_snapshot ids held, oldest first, with the head each one goes back to. */
  get snapshots(): Array<{ id: number; head: ChainBlock }> {
    return this.#snapshots.entries().flatMap(([id, snapshot]) => {
      const head = this.#chain.blockByHash(snapshot.headKey)
      return head ? [{ id, head }] : []
    })
  }

  /** State set directly on the head and not yet in a block, as the changes that set it (a state file keeps them). */
  get headStateEdits(): readonly AccountChange[] {
    return this.#headState.changesOn(this.head)
  }

  /** Blob gas price of the next block, under the next block's fork (EIP-4844); undefined before Cancun. */
  get nextBlobBaseFee(): bigint | undefined {
    const { head } = this
    if (head.header.excessBlobGas === undefined) return undefined
    return nextBlobGasPriceOf(head.header, this.#chain.engine.rulesAt(head.number + 1n, this.#clock.previewTimestampAfter(head)))
  }

  get mining(): MiningStatus {
    return { automine: this.#miner.isAutomine, intervalMs: this.#miner.interval }
  }

  /** The clock's mode and its movable part (what a state file keeps). */
  get clock(): { mode: ClockMode } & ClockState {
    return { mode: this.#clock.mode, ...this.#clock.snapshot() }
  }

  /** Every pooled transaction, in arrival order. */
  get pooledTransactions(): SignedTransaction[] {
    return this.#pool.all()
  }

  /** The genesis as geth writes it (`geth init` reads it back). */
  gethGenesis(): Record<string, unknown> {
    const spec = this.#chain.engine.genesisSpec
    if (!spec) throw new Error(`network ${this.name} has no genesis description`)
    return toGethGenesis(this.#chain.engine.common, spec, this.#chain.genesis.toBlock()) as unknown as Record<string, unknown>
  }

  /** Runs `read` between two writes, so that everything it reads belongs to one state of the network. */
  consistentRead<T>(read: () => T): Promise<T> {
    return this.#queue.run(async () => read())
  }

  /** Decodes a raw signed transaction under this chain's rules (TransactionRejected says why not). */
  decodeTransaction(raw: Uint8Array): SignedTransaction {
    return decodeForAdmission(raw, this.#chain.engine.common, sidecarVersionAt(this.head.header))
  }

  // ---- transactions and mining ----

  /** Admits a raw signed transaction to the pool (and mines it under automine); returns its hash. */
  sendRawTransaction(raw: Uint8Array): Promise<Uint8Array> {
    return this.#queue.run(() => this.admit(this.decodeTransaction(raw)))
  }

  /** Signs `request` with the dev account it names, then sends it as sendRawTransaction does. */
  sendTransaction(request: TransactionRequest): Promise<Uint8Array> {
    return this.#queue.run(async () => this.admit(await this.fillAndSign(request, 'send')))
  }

  /**
   * eth_signTransaction: signs `request` exactly as eth_sendTransaction would send it now (the pending nonce,
   * estimated gas, Anvil's fees), and sends nothing. In the write queue, so the nonce is the one a send
   * queued at the same moment would get.
   */
  signTransaction(request: TransactionRequest): Promise<SignedTransaction> {
    return this.#queue.run(() => this.fillAndSign(request, 'sign'))
  }

  /** eth_sign, personal_sign: the EIP-191 signature of `message` by the dev account `address`. */
  signMessage(address: Uint8Array, message: Uint8Array): Promise<Uint8Array> {
    return this.#accounts.signMessage(address, message)
  }

  /** eth_signTypedData_v4: the EIP-712 signature of `typedData` by the dev account `address`. */
  signTypedData(address: Uint8Array, typedData: TypedData): Promise<Uint8Array> {
    return this.#accounts.signTypedData(address, typedData)
  }

  /** anvil_impersonateAccount: eth_sendTransaction may send as `address` without its key, as Anvil does. */
  impersonate(address: Uint8Array): Promise<void> {
    return this.#queue.run(async () => this.#accounts.impersonate(address))
  }

  /** anvil_stopImpersonatingAccount: `address` is no longer sent as without its key. */
  stopImpersonating(address: Uint8Array): Promise<void> {
    return this.#queue.run(async () => this.#accounts.stopImpersonating(address))
  }

  /** Signs a request whose nonce and gas are given with the dev account it names (no pool, no mining). */
  signWithDevAccount(request: TransactionRequest & { nonce: bigint; gas: bigint }): SignedTransaction {
    return this.#accounts.sign(request.from, this.fieldsOf(request, request.nonce, request.gas))
  }

  /**
   * Mines `count` blocks from the pool, each at least `intervalSeconds` after the previous; the first at
   * `timestamp` when one is given (it must be after the head's).
   */
  mine(count = 1, options: { intervalSeconds?: bigint; timestamp?: bigint } = {}): Promise<ChainBlock[]> {
    return this.#queue.run(async () => {
      if (options.timestamp !== undefined) this.setNextTimestampNow(options.timestamp)
      const mined: ChainBlock[] = []
      for (let i = 0; i < count; i++) {
        if (i > 0 && options.intervalSeconds !== undefined) {
          this.#clock.setNextBlockTimestamp(this.head.timestamp + options.intervalSeconds)
        }
        mined.push(await this.mineOnHead())
      }
      return mined
    })
  }

  /**
   * evm_setAutomine: switching it on mines what the pool holds (unless `mineWaiting` is false: a scenario's
   * `pending: true` send holds automine off for one transaction and leaves it pooled).
   */
  setAutomine(enabled: boolean, options: { mineWaiting?: boolean } = {}): Promise<void> {
    return this.#queue.run(async () => {
      this.#miner.setAutomine(enabled)
      if (enabled && (options.mineWaiting ?? true) && this.#pool.size > 0) await this.mineOnHead()
    })
  }

  /** evm_setIntervalMining: a block every `ms` (0 stops it). */
  setIntervalMining(ms: number): Promise<void> {
    return this.#queue.run(async () => this.#miner.setInterval(ms))
  }

  /** evm_increaseTime: later blocks are `seconds` later; returns the total offset. */
  increaseTime(seconds: bigint): Promise<bigint> {
    return this.#queue.run(async () => this.#clock.increaseTime(seconds))
  }

  /** evm_setNextBlockTimestamp: the next block gets exactly `timestamp`, which must be after the head's. */
  setNextBlockTimestamp(timestamp: bigint): Promise<void> {
    return this.#queue.run(async () => this.setNextTimestampNow(timestamp))
  }

  /**
   * Sets account fields directly on the head's state (anvil_setBalance, anvil_setNonce,
   * anvil_setCode, anvil_setStorageAt), as Anvil does: visible at once to reads, calls and the
   * pending block, and carried into the next mined block. No block is mined.
   */
  setAccountState(changes: readonly AccountChange[]): Promise<void> {
    return this.#queue.run(async () => {
      const head = this.head
      this.#headState.set(head, await this.#chain.engine.withAccountChanges(this.stateRootOf(head), changes), changes)
    })
  }

  /** Resumes a restored network where it was saved: its clock, its pool and state set on its head. */
  restore(state: RestoredState): Promise<void> {
    return this.#queue.run(() => this.resume(state))
  }

  /**
   * anvil_loadState: makes a network saved elsewhere (rebuilt block by block and checked) this network, with
   * its keys, pool and state set on its head; clients are told as a reorg (see `replaceChain`). The saved clock
   * applies when it ran in the same mode as this network's, whose clock is otherwise left as it is.
   */
  loadNetwork(loaded: LoadedNetwork): Promise<void> {
    return this.#queue.run(async () => {
      this.replaceChain(loaded.chain, loaded.accounts)
      await this.resume({ ...loaded, clock: sameClockMode(loaded.clockMode, this.#clock.mode) ? loaded.clock : this.#clock.snapshot() })
    })
  }

  /**
   * anvil_reset: the network as it started: a new chain holding only its first genesis (the same block, on an
   * empty state database), its first keys, an empty pool, an unmoved clock, and the configured mining, gas
   * limit and coinbase. Clients are told as a reorg back to genesis (see `replaceChain`).
   */
  reset(): Promise<void> {
    return this.#queue.run(async () => {
      this.replaceChain(await this.#origin.rebuild(), this.#origin.accounts)
      this.#clock.restore(UNMOVED_CLOCK)
      this.#blockParameters.reset()
      const mining = this.#origin.mining
      this.#miner.setAutomine(mining.auto)
      this.#miner.setInterval(mining.auto ? 0 : (mining.intervalMs ?? 0))
    })
  }

  // ---- test-client settings (Anvil's) ----

  /** evm_setBlockGasLimit: the gas limit of the blocks mined from now on. */
  setBlockGasLimit(gasLimit: bigint): Promise<void> {
    return this.#queue.run(async () => {
      this.#blockParameters.gasLimit = gasLimit
    })
  }

  /** anvil_setNextBlockBaseFeePerGas: the base fee of the next mined block only (admission and fees use it too). */
  setNextBlockBaseFee(baseFee: bigint): Promise<void> {
    return this.#queue.run(async () => this.#blockParameters.setNextBaseFee(baseFee))
  }

  /** anvil_setCoinbase: who receives the fees of the blocks mined from now on. */
  setCoinbase(address: Uint8Array): Promise<void> {
    return this.#queue.run(async () => {
      this.#blockParameters.coinbase = address
    })
  }

  /** anvil_dropTransaction: removes a pooled transaction; whether there was one (a mined one stays). */
  dropTransaction(hash: Uint8Array): Promise<boolean> {
    return this.#queue.run(async () => {
      const key = keyOf(hash)
      if (!this.#pool.has(key)) return false
      this.#pool.remove([key])
      return true
    })
  }

  /** anvil_dropAllTransactions: empties the pool. */
  dropAllTransactions(): Promise<void> {
    return this.#queue.run(async () => this.#pool.remove(this.#pool.all().map((signed) => signed.hashKey)))
  }

  /** anvil_setBlockTimestampInterval: each next block is `seconds` after its parent. */
  setBlockTimestampInterval(seconds: bigint): Promise<void> {
    return this.#queue.run(async () => this.#clock.setInterval(seconds))
  }

  /** anvil_removeBlockTimestampInterval: back to the clock's own time; whether an interval was set. */
  removeBlockTimestampInterval(): Promise<boolean> {
    return this.#queue.run(async () => this.#clock.removeInterval())
  }

  // ---- reorgs and snapshots ----

  /**
   * sim_reorg: replaces the newest `depth` blocks with a new branch. Orphaned transactions are
   * re-mined at other positions or returned to the pool; `drop` discards, `add` inserts.
   */
  simReorg(options: SimReorgOptions): Promise<ReorgOutcome> {
    return this.#queue.run(async () => {
      const plan = planSimReorg(this.#chain, options, {
        isPooled: (key) => this.#pool.has(key),
        decode: (raw) => this.decodeTransaction(raw),
      })
      this.#pool.remove(plan.drop)
      const outcome = await this.reorgWith(plan, 'simReorg')
      const back = options.reinclude === 'none' ? plan.kept : outcome.notIncluded
      await this.returnToPool(back.filter((s) => !plan.drop.has(s.hashKey)))
      return outcome
    })
  }

  /**
   * anvil_reorg: replaces the newest `depth` blocks with as many new ones, holding the given
   * transactions at the given block indexes; orphaned transactions are dropped (Anvil's rule). A given
   * transaction that cannot run where it is placed goes to the pool.
   */
  anvilReorg(depth: number, placements: readonly Placement[], force = false): Promise<ReorgOutcome> {
    return this.#queue.run(async () => {
      const plan = await planAnvilReorg(this.#chain, depth, placements, force, {
        decode: (raw) => this.decodeTransaction(raw),
        sign: (request) => this.signWithDevAccount(request),
        nonceAt: (block, address) => this.stateAt(block).getNonce(address),
      })
      const outcome = await this.reorgWith(plan, 'anvilReorg')
      // A given transaction that could not run where it was placed (a nonce gap) waits in the pool, as
      // sim_reorg's do, rather than vanishing.
      await this.returnToPool(outcome.notIncluded)
      return outcome
    })
  }

  /** anvil_rollback: removes the newest `depth` blocks without replacing them. */
  rollback(depth: number, force = false): Promise<ReorgOutcome> {
    return this.#queue.run(() => this.reorgWith({ ancestor: reorgAncestor(this.#chain, depth, force), length: 0, blocks: [] }, 'rollback'))
  }

  /** evm_snapshot: remembers the head, the pool, the clock and state set on the head; returns the id. */
  snapshot(): Promise<number> {
    return this.#queue.run(async () =>
      this.#snapshots.take({
        headKey: this.head.hashKey,
        headStateRoot: this.head.stateRoot,
        pool: this.#pool.all(),
        clock: this.#clock.snapshot(),
        stateOverride: this.#headState.save(),
      }),
    )
  }

  /**
   * evm_revert: makes the snapshot's head the head again (filters and subscriptions see the
   * removed blocks as a reorg), restores pool and clock, and forgets this and later snapshots.
   */
  revert(id: number): Promise<boolean> {
    return this.#queue.run(async () =>
      this.#snapshots.takeBack(id, (snapshot) => {
        const target = this.#chain.blockByHash(snapshot.headKey) as ChainBlock
        if (target.hashKey !== this.head.hashKey) {
          const { ancestor, branch } = this.#chain.pathFromCanonical(target)
          this.#reorgs.add('revert', { commonAncestor: ancestor, ...this.#chain.switchTo(ancestor, branch) })
        }
        this.#pool.remove(this.#pool.all().map((s) => s.hashKey))
        for (const signed of snapshot.pool) this.#pool.add(signed)
        this.#clock.restore(snapshot.clock)
        this.#headState.restore(snapshot.stateOverride)
      }),
    )
  }

  // ---- reads ----

  /**
   * The reorganisations of this network's chain (what made each, what it removed and added), newest kept;
   * those of a chain that anvil_reset or anvil_loadState replaced went with its blocks.
   */
  get reorgs(): Pick<ReorgHistory, 'touching' | 'total'> {
    return this.#reorgs
  }

  /** Canonical block by tag or number; `pending` is answered by `pendingBlock()` instead. */
  blockBySelector(selector: BlockSelector): ChainBlock | undefined {
    const number = typeof selector === 'bigint' ? selector : this.#chain.tagNumber(selector)
    return this.#chain.blockByNumber(number)
  }

  /** The next block as the pool would make it now (cached until the head, the pool or the head's state changes). */
  pendingBlock(): Promise<PendingBlock> {
    const version = `${this.head.hashKey}:${this.#pool.version}:${this.#headState.version}`
    return this.#pending.get(version, () => this.#queue.run(() => this.buildPending()))
  }

  /** Builds the pending block now; only from inside the write queue. */
  private async buildPending(): Promise<PendingBlock> {
    const parent = this.head
    const { built, state } = await this.#chain.engine.buildDetached(
      this.templateOn(parent, this.#clock.previewTimestampAfter(parent)),
      await this.executable(parent),
      this.#chain.ancestorHashes(parent),
    )
    return { block: built.block, header: built.block.header, parent, transactions: built.executed, stateRoot: built.block.header.stateRoot, state }
  }

  /**
   * State after `block` (a canonical or orphaned block, or the pending block). StateUnavailable when the
   * block is older than the state window.
   */
  stateAt(block: ChainBlock | PendingBlock): StateView {
    this.requireState(block)
    return this.#chain.engine.stateAt(this.stateRootOf(block), detachedStateOf(block))
  }

  /**
   * The state `block` was executed on (its parent's), to execute it again (tracing); StateUnavailable when
   * that is older than the state window.
   */
  stateRootBefore(block: ChainBlock): Uint8Array {
    const parent = this.#chain.blockByHash(block.parentKey)
    if (!parent) throw new Error(`block ${block.number} has no parent in the chain`)
    this.requireState(parent)
    return parent.stateRoot
  }

  /** The nonce the sender's next transaction should carry, counting its pooled transactions. */
  async pendingNonce(address: Uint8Array): Promise<bigint> {
    return this.#pool.nextNonce(keyOf(address), await this.stateAt(this.head).getNonce(address))
  }

  /** The pool as geth's txpool methods report it: runnable (`pending`) and waiting behind a gap (`queued`). */
  poolContent(): Promise<{ pending: SignedTransaction[]; queued: SignedTransaction[] }> {
    const state = this.stateAt(this.head)
    return this.#pool.partition((from) => state.getNonce(from))
  }

  /** EIP-1186 proofs of an account and storage slots in the state after `block`. */
  proof(block: ChainBlock | PendingBlock, address: Uint8Array, slots: Uint8Array[]): Promise<AccountProof> {
    this.requireState(block)
    return this.#chain.engine.proof(this.stateRootOf(block), address, slots, detachedStateOf(block))
  }

  /**
   * Runs a call on the state after `block`, in that block's context, with `overrides` applied to a
   * copy of the state and header (nothing reaches the chain); `tracer` watches it (debug_traceCall).
   */
  call(
    request: CallRequest,
    block: ChainBlock | PendingBlock,
    options: CallOverrides & { reportAccessList?: boolean; tracer?: TransactionTracer } = {},
  ): Promise<CallResult> {
    const parent = 'hashKey' in block ? block : block.parent
    this.requireState(block)
    return this.#chain.engine.simulate(block.header, request, this.#chain.ancestorHashes(parent), {
      ...options,
      stateRoot: this.stateRootOf(block),
      detached: detachedStateOf(block),
    })
  }

  /** Like `call`, and reports the access list the call touched (eth_createAccessList). */
  accessList(request: CallRequest, block: ChainBlock | PendingBlock): Promise<CallResult> {
    return this.call(request, block, { reportAccessList: true })
  }

  /**
   * The least gas with which `request` succeeds (geth's binary search), with `overrides` applied to
   * every run. A request that fails even with the block's whole gas limit returns that failing result instead.
   */
  estimateGas(
    request: CallRequest,
    block: ChainBlock | PendingBlock,
    overrides: CallOverrides = {},
  ): Promise<{ gas: bigint } | { failure: CallResult }> {
    const gasLimit = overrides.blockOverrides?.gasLimit ?? block.header.gasLimit
    return estimateGas((gas) => this.call({ ...request, gas }, block, overrides), request.gas ?? gasLimit)
  }

  /** debug_traceCall: `request` run as `call` runs it, traced by the tracer `spec` names. */
  async traceCall(request: CallRequest, block: ChainBlock | PendingBlock, spec: TracerSpec, overrides: CallOverrides = {}): Promise<TraceResult> {
    const tracer = createTracer(spec)
    const result = await this.call(request, block, { ...overrides, tracer })
    // A call refused before it ran never reached the tracer (geth answers these with the error).
    if (result.refusal !== undefined) throw new TracingFailed(result.error ?? 'call refused')
    return tracer.output()
  }

  /**
   * Re-executes `block`'s transactions on the state it was built on, up to and including index
   * `through`; each one `tracerAt` names is traced. The one way chainsim re-runs history: it needs the
   * state of `block`'s parent.
   */
  async replayBlock<R>(
    block: ChainBlock | PendingBlock,
    through: number,
    tracerAt: (index: number) => TransactionTracer<R> | undefined,
  ): Promise<Map<number, R>> {
    const parent = 'hashKey' in block ? this.#chain.blockByHash(block.parentKey) : block.parent
    if (!parent) throw new Error(`block ${block.header.number} has no parent to re-execute it on`)
    this.requireState(parent)
    // A block mined on state set on its parent (anvil_setBalance...) ran on that state, which it carries.
    const edits = 'hashKey' in block ? block.stateEdits : undefined
    const parentRoot = this.stateRootOf(parent)
    const preStateRoot = edits ? await this.#chain.engine.withAccountChanges(parentRoot, edits) : parentRoot
    return this.#chain.engine.replayBlock('hashKey' in block ? block.toBlock() : block.block, preStateRoot, this.#chain.ancestorHashes(parent), through, tracerAt)
  }

  /** debug_traceBlockBy*: every transaction of `block`, each traced by a fresh tracer of `spec`. */
  async traceBlock(block: ChainBlock | PendingBlock, spec: TracerSpec): Promise<TraceResult[]> {
    const traces = await this.replayBlock(block, block.transactions.length - 1, () => createTracer(spec))
    return block.transactions.map((_, index) => traces.get(index) as TraceResult)
  }

  /** debug_traceTransaction: the transaction at `index` of `block`, re-executed after the ones before it. */
  async traceTransaction(block: ChainBlock, index: number, spec: TracerSpec): Promise<TraceResult> {
    const traces = await this.replayBlock(block, index, (i) => (i === index ? createTracer(spec) : undefined))
    return traces.get(index) as TraceResult
  }

  /** eth_simulateV1: blocks of calls simulated on top of `block`, on a copy of its state. */
  simulate(block: ChainBlock | PendingBlock, requests: readonly SimulatedBlockRequest[], options: SimulationOptions): Promise<SimulatedBlock[]> {
    const parent = 'hashKey' in block ? block : block.parent
    this.requireState(block)
    return this.#chain.engine.simulateBlocks(
      block.header,
      requests,
      { ...options, stateRoot: this.stateRootOf(block), detached: detachedStateOf(block) },
      this.#chain.ancestorHashes(parent),
    )
  }

  /** A transaction by hash, mined or pooled. */
  transaction(hash: Uint8Array | string): TransactionLookup | undefined {
    const key = typeof hash === 'string' ? hash : keyOf(hash)
    const location = this.#chain.transaction(key)
    if (location) return { status: 'mined', location }
    const signed = this.#pool.get(key)
    return signed ? { status: 'pending', signed } : undefined
  }

  /**
   * eth_getLogs, eth_getFilterLogs: the logs `filter` matches under `limits`, or why there are none. With
   * `asOf`, tags and the head check are resolved against that canonical block instead of the head, as a replica
   * that lags behind answers (blocks above it are unknown to it).
   */
  queryLogs(filter: LogFilter, limits: LogLimits, options: LogQueryOptions & { asOf?: bigint } = {}): Promise<LogQueryResult> {
    return queryLogs(this.logSource(options.asOf), filter, limits, options)
  }

  // ---- filters and subscriptions ----

  /** eth_newFilter: installs a log filter whose changes start after the head; or why it cannot be. */
  newLogFilter(filter: LogFilter): { id: string } | LogQueryRefusal {
    const refused = installRefusal(this.logSource(), filter, (hash) => this.#chain.blockByHash(hash) !== undefined)
    return refused ?? { id: this.#filters.newLogFilter(filter) }
  }

  newBlockFilter(): string {
    return this.#filters.newBlockFilter()
  }

  newPendingTransactionFilter(): string {
    return this.#filters.newPendingTransactionFilter()
  }

  /** eth_getFilterChanges: what the filter reports since its last poll (FilterNotFound if it is gone). */
  filterChanges(id: string): Promise<FilterChanges> {
    return this.#filters.changes(id)
  }

  /** An installed filter's kind and, for a log filter, its criteria (eth_getFilterLogs; not a poll). */
  filter(id: string): { kind: FilterKind; criteria?: LogFilter } {
    return this.#filters.describe(id)
  }

  uninstallFilter(id: string): boolean {
    return this.#filters.uninstall(id)
  }

  /** Installed filters after id `after`, oldest first (not a poll: nothing drains, no expiry moves). */
  listFilters(after: bigint, limit: number): FilterSummary[] {
    return this.#filters.list(after, limit)
  }

  /** Open subscriptions after id `after`, oldest first. */
  listSubscriptions(after: bigint, limit: number): SubscriptionSummary[] {
    return this.#subscriptions.list(after, limit)
  }

  /** Filters installed now. */
  get filterCount(): number {
    return this.#filters.size
  }

  /**
   * eth_subscribe: `listener` hears every matching event from now on, until unsubscribed. The subscriber's
   * `delivered` resolves once what the listener was told has reached it (written to its socket): `settled`
   * waits on it.
   */
  subscribe(request: SubscriptionRequest, listener: (event: SubscriptionEvent) => void, subscriber?: Subscriber): string {
    return this.#subscriptions.subscribe(request, listener, subscriber)
  }

  /**
   * The settle barrier (sim_settle): resolves once every write queued before the call has been applied and
   * every notification those writes caused has been handed to filters (at once, in the write) and written to
   * its subscriber's socket. A test awaits it instead of sleeping until a watcher has seen a reorg.
   */
  async settled(): Promise<void> {
    await this.#queue.idle()
    await this.#subscriptions.delivered()
  }

  unsubscribe(id: string): boolean {
    return this.#subscriptions.unsubscribe(id)
  }

  /** How many subscriptions one connection may hold. */
  get maxSubscriptionsPerConnection(): number {
    return this.#subscriptions.maxPerConnection
  }

  /** Subscriptions open now. */
  get subscriptionCount(): number {
    return this.#subscriptions.size
  }

  /** Stops the miner; pending writes finish first. */
  async close(): Promise<void> {
    if (this.#closed) return
    this.#closed = true
    this.#miner.stop()
    this.#filters.close()
    this.#subscriptions.close()
    await this.#queue.idle()
  }

  // ---- inside the queue ----

  private logSource(asOf?: bigint): LogSource {
    const chain = this.#chain
    const head = asOf !== undefined && asOf < chain.head.number ? asOf : chain.head.number
    return {
      index: this.#logs,
      head,
      tagNumber: (tag) => resolveTagNumber(tag, head, chain.finality),
      canonicalNumberOf: (hash) => {
        const block = chain.blockByHash(hash)
        return block && chain.isCanonical(block) && block.number <= head ? block.number : undefined
      },
      pendingLogs: async (criteria) =>
        (await this.pendingBlock()).transactions.flatMap((t) => t.logs.filter((log) => matchesCriteria(log, criteria))),
      olderLogs: this.#olderLogs,
    }
  }

  private setNextTimestampNow(timestamp: bigint): void {
    // As Anvil and Hardhat: a block cannot go back in time.
    if (timestamp <= this.head.timestamp) throw new TimestampNotAfterHead(timestamp, this.head.timestamp)
    this.#clock.setNextBlockTimestamp(timestamp)
  }

  /** A restored or loaded network's clock, pool and state set on its head (inside the queue). */
  private async resume(state: RestoredState): Promise<void> {
    this.#clock.restore(state.clock)
    for (const signed of state.pool) this.#pool.add(signed)
    const edits = state.headEdits ?? []
    if (edits.length > 0) {
      const head = this.head
      this.#headState.set(head, await this.#chain.engine.withAccountChanges(head.stateRoot, edits), edits)
    }
  }

  private fieldsOf(request: TransactionRequest, nonce: bigint, gas: bigint) {
    return transactionFields(request, nonce, gas, { chainId: this.chainId, nextBaseFee: this.nextBaseFee })
  }

  /** Fills what a request leaves out as Anvil does (pending nonce, estimated gas, fees) and signs it. */
  private async fillAndSign(request: TransactionRequest, purpose: 'send' | 'sign'): Promise<SignedTransaction> {
    const nonce = request.nonce ?? (await this.pendingNonce(request.from))
    let gas = request.gas
    if (gas === undefined) {
      const estimate = await this.estimateGas({ ...request, nonce }, this.head)
      // As Hardhat: a request that fails even with the whole block is sent with it, and fails on chain.
      gas = 'failure' in estimate ? this.#blockParameters.gasLimit : estimate.gas
    }
    const fields = this.fieldsOf(request, nonce, gas)
    // Only a send goes out unsigned as an impersonated account: there is no signature to answer for one.
    return purpose === 'send' ? this.#accounts.signToSend(request.from, fields) : this.#accounts.sign(request.from, fields)
  }

  /**
   * Keeps the log index on `chain`: the blocks it holds now, then every change it announces; and lets state
   * set on the head go once another block is the head.
   */
  private indexLogsOf(chain: Chain): void {
    for (let n = chain.genesis.number; n <= chain.head.number; n++) this.#indexBlock(chain.blockByNumber(n) as ChainBlock)
    chain.events.on('blockAdded', this.#indexBlock)
    chain.events.on('reorged', this.#indexReorg)
  }

  /**
   * Makes `next` the network's chain in place of the current one (anvil_reset, anvil_loadState), told to
   * clients as a reorg: the current chain first goes back to its genesis in one `reorged` event (filters and
   * subscriptions see every log of it removed, as after evm_revert), then filters, subscriptions and the log
   * index follow `next`, whose blocks above genesis they see join. Its blocks are no longer answerable by hash,
   * and the memory they held is released. The pool, snapshots and state set on the head belong to the old
   * chain and go with it.
   */
  private replaceChain(next: Chain, accounts: readonly DevAccount[]): void {
    const old = this.#chain
    if (old.head.number > old.genesis.number) old.switchTo(old.genesis, [])
    // Snapshots and state set on the head let go of the old chain's states before it goes.
    this.#snapshots.clear()
    this.#headState.restore(undefined)
    old.events.off('blockAdded', this.#indexBlock)
    old.events.off('reorged', this.#indexReorg)
    this.#chain = next
    this.#accounts = new DevAccounts(accounts, next.engine.common)
    this.#logs.truncate(0n)
    this.indexLogsOf(next)
    this.#filters.follow(next)
    this.#subscriptions.follow(next)
    this.#pool.remove(this.#pool.all().map((signed) => signed.hashKey))
    this.#instanceId = randomBytes(32)
    this.#reorgs.forget()
    for (const listener of this.#chainReplaced) listener()
  }

  private requireState(block: ChainBlock | PendingBlock): void {
    if ('hashKey' in block && !this.#chain.hasState(block)) throw new StateUnavailable(block.number, this.#chain.stateBlocks)
  }

  /** The state a block stands for: its own, or the head's with directly set changes. */
  private stateRootOf(block: ChainBlock | PendingBlock): Uint8Array {
    return this.#headState.stateRootOf(block, this.head)
  }

  private async reorgWith(plan: ReorgPlan, cause: ReorgCause): Promise<ReorgOutcome> {
    const outcome = await executeReorg(
      this.#chain,
      plan,
      (parent, transactions, extraData) => this.buildOn(parent, transactions, { extraData }),
      ++this.#reorgCounter,
    )
    this.#reorgs.add(cause, outcome)
    const state = this.stateAt(this.head)
    await this.#pool.removeStale((from) => state.getNonce(from))
    return outcome
  }

  /** Puts transactions back in the pool where they are still admissible; the rest are gone. */
  private async returnToPool(transactions: SignedTransaction[]): Promise<void> {
    for (const signed of transactions) {
      if (this.#pool.has(signed.hashKey) || this.#chain.transaction(signed.hashKey)) continue
      try {
        await this.checkAgainstHead(signed)
        this.#pool.add(signed)
      } catch {
        // Inadmissible on the new branch (its nonce was used there): dropped, as a real node does.
      }
    }
  }

  private async admit(signed: SignedTransaction): Promise<Uint8Array> {
    if (this.#chain.transaction(signed.hashKey)) throw new TransactionRejected('already known')
    await this.checkAgainstHead(signed)
    this.#pool.add(signed)
    if (this.#miner.isAutomine) {
      try {
        // Under automine a transaction that can run is mined at once; one behind a nonce gap waits.
        const ready = await this.executable(this.head)
        if (ready.length > 0) await this.mineOnHead(ready)
      } catch (error) {
        // Not mined (a forked chain's upstream failed): the sender hears why, and nothing stays behind.
        this.#pool.remove([signed.hashKey])
        throw error
      }
    }
    return signed.hash
  }

  /** Admission rules against the head's state and the next block's base fee. */
  private checkAgainstHead(signed: SignedTransaction): Promise<void> {
    return checkAdmission(signed, {
      common: this.#chain.engine.common,
      state: this.stateAt(this.head),
      baseFee: this.nextBaseFee,
      blobBaseFee: this.nextBlobBaseFee ?? 0n,
      blockGasLimit: this.#blockParameters.gasLimit,
    })
  }

  /** Mines the next block from `transactions` (default: what the pool can run now). */
  private async mineOnHead(transactions?: SignedTransaction[]): Promise<ChainBlock> {
    if (transactions === undefined) await this.reportPendingLogs()
    const parent = this.head
    const built = await this.buildOn(parent, transactions ?? (await this.executable(parent)))
    this.#pool.remove([...built.executed.map((e) => e.signed.hashKey), ...built.rejected.map((r) => r.signed.hashKey)])
    const block = this.#chain.extend(built, this.#headState.changesOn(parent))
    this.#blockParameters.blockMined()
    return block
  }

  /**
   * Before the pool's transactions are mined, filters ending at `pending` are given their pending logs: a
   * transaction that waited in the pool was pending whether or not a filter was polled meanwhile. The pending
   * block is built afresh (not from its cache, whose build may wait in the queue behind this write), and only
   * when such a filter is installed.
   */
  private async reportPendingLogs(): Promise<void> {
    if (this.#pool.size === 0 || !this.#filters.watchesPendingLogs) return
    const pending = await this.buildPending()
    this.#filters.pendingLogsSeen(pending.parent.number, pendingLogsOf(pending))
  }

  /** What the pool can run on the head now, at the next block's fees. */
  private executable(head: ChainBlock): Promise<SignedTransaction[]> {
    const state = this.stateAt(head)
    const fees = { baseFee: this.nextBaseFee, blobBaseFee: this.nextBlobBaseFee ?? 0n }
    return this.#pool.executable(fees, (from) => state.getNonce(from))
  }

  /** Builds and seals a block on `parent` with the clock's next timestamp. */
  private async buildOn(parent: ChainBlock, transactions: SignedTransaction[], options: { extraData?: Uint8Array } = {}): Promise<BuiltBlock> {
    const template = this.templateOn(parent, this.#clock.timestampAfter(parent), options.extraData)
    return this.#chain.engine.build(template, transactions, this.#chain.ancestorHashes(parent))
  }

  private templateOn(parent: ChainBlock, timestamp: bigint, extraData?: Uint8Array): BlockTemplate {
    return {
      parent: { header: parent.header, hash: () => parent.hash },
      timestamp,
      coinbase: this.#blockParameters.coinbase,
      gasLimit: this.#blockParameters.gasLimit,
      // Deterministic randomness: the same chain gives the same hashes on every run.
      prevRandao: keccak256(parent.hash),
      extraData,
      parentStateRoot: this.stateRootOf(parent),
      // A base fee set with anvil_setNextBlockBaseFeePerGas is for the next block on the head, not a reorg's.
      baseFeePerGas: parent.hashKey === this.head.hashKey ? this.#blockParameters.nextBaseFee : undefined,
    }
  }
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

/** A chain built again from its genesis description, on an empty state database. */
function rebuildFrom(origin: ChainOrigin): () => Promise<Chain> {
  return () => chainFrom(origin)
}


function detachedStateOf(block: ChainBlock | PendingBlock) {
  return 'state' in block ? block.state : undefined
}

function pendingLogsOf(pending: PendingBlock): PendingLogs {
  return pending.transactions.map((t) => ({ transactionHash: t.signed.hashKey, logs: t.logs }))
}

function toIndexedBlock(block: ChainBlock): IndexedBlock {
  return {
    number: block.number,
    hash: block.hash,
    timestamp: block.timestamp,
    transactions: block.transactions.map((t) => ({ hash: t.signed.hash, logs: t.logs })),
  }
}
