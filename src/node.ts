import { randomBytes } from 'node:crypto'
import { Erc20SlotNotFound } from './accounts/errors.ts'
import { findErc20Slot, storageWord } from './accounts/erc20Slots.ts'
import type { AccountSigning } from './accounts/accountSigning.ts'
import { DevAccounts } from './accounts/devAccounts.ts'
import type { TransactionRequest } from './accounts/transactionFields.ts'
import { chainFrom } from './chain/chain.ts'
import type { Chain, ChainOrigin, ChainReader } from './chain/chain.ts'
import { ChainClock, sameClockMode, UNMOVED_CLOCK } from './chain/clock.ts'
import type { HeadStateOverride } from './chain/headStateOverride.ts'
import type { Snapshots } from './chain/snapshots.ts'
import type { BlockSelector, ChainBlock, TransactionLocation } from './chain/types.ts'
import { WriteQueue } from './chain/writeQueue.ts'
import type { WriteObserver } from './chain/writeQueue.ts'
import { equalsBytes, forkConfigsOf, keyOf, nextBlobGasPriceOf, sidecarVersionAt, toGethGenesis, versionedHashOf } from './evm/index.ts'
import type { AccountChange, DevAccount, ForkConfig, SignedTransaction } from './evm/index.ts'
import { NetworkConsole } from './console/networkConsole.ts'
import type { ExecutionReads } from './stateReads/executionReads.ts'
import type { FilterManager } from './filters/filterManager.ts'
import type { NetworkFilters } from './filters/filterManager.ts'
import type { SubscriptionHub } from './filters/subscriptions.ts'
import type { NetworkSubscriptions } from './filters/subscriptions.ts'
import type { ChainLogs } from './logs/chainLogs.ts'
import type { AddressHistory } from './search/index.ts'
import type { LogFilter, LogLimits, LogQueryOptions, LogQueryResult } from './logs/index.ts'
import type { BlockParameters } from './mining/blockParameters.ts'
import type { BlockProducer } from './mining/blockProducer.ts'
import type { Miner } from './mining/miner.ts'
import type { MiningMode } from './mining/miner.ts'
import type { TestClientSettings } from './mining/testClientSettings.ts'
import { createDevChain, NODE_DEFAULTS } from './nodeOptions.ts'
import type { ForkIdentity, NodeOptions, SyncSendTimeouts } from './nodeOptions.ts'
import { assembleNode } from './nodeAssembly.ts'
import type { NetworkChange, NetworkImage } from './networkImage.ts'
import { imageOf, NetworkChangeTracker } from './networkChangeTracker.ts'
import type { TrackedParts } from './networkChangeTracker.ts'
import { resumeNetwork } from './nodeRestore.ts'
import type { LoadedNetwork, RestoredState } from './nodeRestore.ts'
import type { ReorgControl } from './reorg/reorgControl.ts'
import type { ReorgHistory } from './reorg/reorgHistory.ts'
import { MiningHeldByReplay } from './replay/errors.ts'
import type { ReplayControl } from './replay/replayControl.ts'
import { decodeForAdmission } from './txpool/admission.ts'
import { PendingBlockCache } from './txpool/pendingBlock.ts'
import type { PendingBlock } from './txpool/pendingBlock.ts'
import type { PoolEntry } from './txpool/poolEntry.ts'
import { NotMinedInTime } from './txpool/errors.ts'
import { MinedWaits } from './txpool/minedWaits.ts'
import type { TxPool } from './txpool/txPool.ts'

/** A transaction by hash: mined into a canonical block, or waiting in the pool. */
export type TransactionLookup = { status: 'mined'; location: TransactionLocation } | { status: 'pending'; signed: SignedTransaction }

export type { LoadedNetwork, RestoredState } from './nodeRestore.ts'

/**
 * One simulated network, and the one way in: the coordinator of its chain, pool, miner, log index, filters and
 * subscriptions, which are its own, and the owner of its write queue. Every write (transactions, mining, reorgs,
 * the clock, the mining mode, snapshots, state set on the head) runs through that queue, so every read sees a
 * consistent chain. Each concern is a module it wires up and exposes (`execution`, `signing`, `settings`,
 * `reorgs`, `filters`, `subscriptions`); the writes among them are handed the queue, never a part to write
 * around it. ARCHITECTURE.md maps the modules it calls.
 */
export class ChainNode {
  #chain: Chain
  readonly #queue = new WriteQueue()
  readonly #pool: TxPool
  readonly #logs: ChainLogs
  readonly #miner: Miner
  readonly #filters: FilterManager
  readonly #subscriptions: SubscriptionHub
  readonly #clock: ChainClock
  #accounts: DevAccounts
  readonly #snapshots: Snapshots
  readonly #headState: HeadStateOverride
  readonly #pending = new PendingBlockCache()
  readonly #blockParameters: BlockParameters
  readonly #producer: BlockProducer
  readonly #poolEntry: PoolEntry
  /** What anvil_reset goes back to: the first chain built again, its keys, the configured mining. */
  readonly #origin: { rebuild: () => Promise<Chain>; accounts: readonly DevAccount[]; mining: MiningMode }
  /** Anvil's instance id: a new one whenever the chain is replaced, so clients can tell. */
  #instanceId = randomBytes(32)
  readonly #reorgHistory: ReorgHistory
  readonly #chainReplaced = new Set<() => void>()
  readonly #minedWaits = new MinedWaits(() => this.#chain)
  #closed = false
  /** The block being mined for sends answered at admission, while it is; reads wait for it (`minedAfterAnswer`). */
  #minedAfterAnswer: Promise<void> | undefined
  readonly #onError: (error: unknown) => void
  /** The parts a state file keeps, to follow or picture them. */
  readonly #tracked: TrackedParts
  #tracker: NetworkChangeTracker | undefined

  /** Reads over the state after a block: accounts, proofs, calls, gas estimates, simulations, traces. */
  readonly execution: ExecutionReads
  /** Signing with the dev keys, and the addresses sent as without one. */
  readonly signing: AccountSigning
  /** Anvil's test-client settings: mining mode, clock, gas limit, coinbase, next base fee, pool drops. */
  readonly settings: TestClientSettings
  /** sim_reorg, anvil_reorg, anvil_rollback, evm_snapshot and evm_revert, and the reorgs recorded. */
  readonly reorgs: ReorgControl
  readonly filters: NetworkFilters
  readonly subscriptions: NetworkSubscriptions
  /** The canonical chain's transactions by the addresses they touch (Otterscan's address pages). */
  readonly addressHistory: AddressHistory
  /** The replay of an upstream's blocks (a forked network with `replayTo`), if any: sim_replay steers it. */
  readonly replay: ReplayControl | undefined
  /** What transactions and calls print with console.log: captured only while someone subscribes (`chainsim serve` does). */
  readonly console = new NetworkConsole()
  /** How long a sync send waits for its block (eth_sendRawTransactionSync). */
  readonly syncSendTimeouts: SyncSendTimeouts
  /** What this network is a fork of, if it is one (createForkedNode): anvil_nodeInfo, anvil_reset, anvil_setRpcUrl read it. */
  readonly fork: ForkIdentity | undefined

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
    this.syncSendTimeouts = options.syncSendTimeouts ?? NODE_DEFAULTS.syncSendTimeouts
    this.fork = options.fork
    this.#accounts = new DevAccounts(accounts, chain.engine.common)
    this.#origin = { rebuild: rebuild ?? rebuildFrom(chain.origin), accounts, mining: options.mining ?? { auto: true } }
    const parts = assembleNode(
      { name, chain, clock, options, mining: this.#origin.mining, console: this.console },
      {
        queued: (write) => this.#queue.run(write),
        chain: () => this.#chain,
        head: () => this.head,
        accounts: () => this.#accounts,
        chainId: () => this.chainId,
        nextBaseFee: () => this.nextBaseFee,
        nextBlobBaseFee: () => this.nextBlobBaseFee,
        pendingBlock: () => this.pendingBlock(),
        pendingNonce: (address) => this.pendingNonce(address),
        decodeTransaction: (raw) => this.decodeTransaction(raw),
        mineScheduled: () => this.mine(1),
        mineWaiting: () => this.mineWaiting(),
        isTracked: () => this.#tracker !== undefined,
        gethGenesis: () => this.gethGenesis(),
      },
    )
    this.#pool = parts.pool
    this.#onError = parts.onError
    this.#logs = parts.logs
    this.#miner = parts.miner
    this.#filters = parts.filters
    this.#subscriptions = parts.subscriptions
    this.#snapshots = parts.snapshots
    this.#headState = parts.headState
    this.#blockParameters = parts.blockParameters
    this.#producer = parts.producer
    this.#poolEntry = parts.poolEntry
    this.#reorgHistory = parts.reorgHistory
    this.#tracked = parts.tracked
    this.filters = parts.filters
    this.subscriptions = parts.subscriptions
    this.execution = parts.execution
    this.signing = parts.signing
    this.settings = parts.settings
    this.reorgs = parts.reorgs
    this.addressHistory = parts.addressHistory
    this.replay = parts.replay
  }

  /** Creates a fresh dev network: genesis with the funded dev accounts, miner started. */
  static async create(options: NodeOptions = {}): Promise<ChainNode> {
    const { chain, accounts } = await createDevChain(options)
    return ChainNode.fromChain(chain, options, accounts)
  }

  /**
   * Serves an existing chain (for example one imported from a geth genesis and RLP blocks):
   * the node mines on its head with the given options; `accounts` are the keys it signs for. `rebuild` makes the
   * chain again as it started, for anvil_reset (default: from its genesis description; a fork's from its fork block).
   */
  static fromChain(chain: Chain, options: NodeOptions = {}, accounts: readonly DevAccount[] = [], rebuild?: () => Promise<Chain>): ChainNode {
    const clock = new ChainClock(options.clock ?? { kind: 'wall' })
    if (options.clockStart !== undefined && clock.mode.kind === 'wall') clock.startAt(options.clockStart)
    const node = new ChainNode(options.name ?? NODE_DEFAULTS.name, chain, clock, accounts, options, rebuild)
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

  /** Blob gas price of the next block, under the next block's fork (EIP-4844); undefined before Cancun. */
  get nextBlobBaseFee(): bigint | undefined {
    const { head } = this
    if (head.header.excessBlobGas === undefined) return undefined
    return nextBlobGasPriceOf(head.header, this.#chain.engine.rulesAt(head.number + 1n, this.#clock.previewTimestampAfter(head)))
  }

  /** The rules the next block is built under (its hardfork's name, as ethereumjs spells it). */
  get hardfork(): string {
    return this.#chain.engine.common.hardfork()
  }

  /** The rules the next block is built under and the forks scheduled after them, as eth_config (EIP-7910) describes them. */
  get forkConfigs(): { current: ForkConfig; next: ForkConfig | undefined; last: ForkConfig | undefined } {
    const { head } = this
    const engine = this.#chain.engine
    const rules = engine.rulesAt(head.number + 1n, this.#clock.previewTimestampAfter(head))
    return forkConfigsOf(rules, this.#chain.blockByNumber(0n)?.hash, engine.followsForks)
  }

  /** 32 random bytes, new whenever anvil_reset or anvil_loadState replaces the chain (Anvil's instance id). */
  get instanceId(): Uint8Array {
    return this.#instanceId
  }

  /**
   * Calls `listener` whenever anvil_reset or anvil_loadState makes another chain the network's (`chain` is then
   * the new one; the old one's listeners were told it went back to genesis); returns what stops it.
   */
  onChainReplaced(listener: () => void): () => void {
    this.#chainReplaced.add(listener)
    return () => this.#chainReplaced.delete(listener)
  }

  /** State set directly on the head and not yet in a block, as the changes that set it (a state file keeps them). */
  get headStateEdits(): readonly AccountChange[] {
    return this.#headState.changesOn(this.head)
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

  /** The whole network as a state file saves it, taken between two writes (`taken` is called as it is taken). */
  image(taken?: () => void): Promise<NetworkImage> {
    return this.consistentRead(() => {
      taken?.()
      return imageOf(this.#tracked)
    })
  }

  /**
   * Tells `record` what each write changed, at its end, before its caller hears of it (a state file's journal);
   * should `record` throw, a write that succeeded rejects with that error. Undefined stops it.
   */
  recordChanges(record: ((change: NetworkChange) => void) | undefined): void {
    this.#tracker?.stop()
    this.#tracker = record && new NetworkChangeTracker(this.#tracked, record)
    const tracker = this.#tracker
    this.#queue.afterEach = tracker && (() => tracker.flush())
  }

  /**
   * Calls `observer` as each write starts and ends, inside the write's own asynchronous context (a recording of
   * the served chain orders its steps by them); undefined stops it.
   */
  observeWrites(observer: WriteObserver | undefined): void {
    this.#queue.observer = observer
  }

  /** Runs `read` between two writes, so that everything it reads belongs to one state of the network. */
  consistentRead<T>(read: () => T): Promise<T> {
    return this.#queue.run(async () => read())
  }

  /** Decodes a raw signed transaction under this chain's rules (TransactionRejected says why not). */
  decodeTransaction(raw: Uint8Array): SignedTransaction {
    return decodeForAdmission(raw, this.#chain.engine.common, sidecarVersionAt(this.head.header), this.#blockParameters.gasLimit)
  }

  // ---- writes ----

  /**
   * Admits a raw signed transaction to the pool (and mines it under automine); returns its hash. By default the
   * hash comes once the transaction is mined; with `answer: 'admitted'` (the send methods over JSON-RPC, as Anvil
   * answers) it comes once the transaction is in the pool, and its block is mined as the very next write.
   */
  sendRawTransaction(raw: Uint8Array, options: SendOptions = {}): Promise<Uint8Array> {
    return this.#queue.run(() => this.admit(this.decodeTransaction(raw), options))
  }

  /** Signs `request` with the dev account it names, then sends it as sendRawTransaction does. */
  sendTransaction(request: TransactionRequest, options: SendOptions = {}): Promise<Uint8Array> {
    return this.#queue.run(async () => this.admit(await this.signing.fillAndSign(request, 'send'), options))
  }

  /** eth_sendUnsignedTransaction: sends `request` as its `from` without a signature, key or not (Anvil's form). */
  sendUnsignedTransaction(request: TransactionRequest, options: SendOptions = {}): Promise<Uint8Array> {
    return this.#queue.run(async () => this.admit(await this.signing.fillAndSign(request, 'unsigned'), options))
  }

  /**
   * Set while the block of a send answered at admission is being mined. Every read that arrives meanwhile waits
   * for it (the method table holds them), so whatever a client asks after the hash sees the transaction mined:
   * its receipt is never missing because its block was still being sealed.
   */
  get minedAfterAnswer(): Promise<void> | undefined {
    return this.#minedAfterAnswer
  }

  /**
   * Mines `count` blocks from the pool, each at least `intervalSeconds` after the previous; the first at
   * `timestamp` when one is given (it must be after the head's).
   */
  mine(count = 1, options: { intervalSeconds?: bigint; timestamp?: bigint } = {}): Promise<ChainBlock[]> {
    return this.#queue.run(async () => {
      const held = this.replay?.holdsMining
      if (held) throw new MiningHeldByReplay(held)
      return this.#producer.mine(count, options)
    })
  }

  /**
   * Sets account fields directly on the head's state (anvil_setBalance, anvil_setNonce,
   * anvil_setCode, anvil_setStorageAt), as Anvil does: visible at once to reads, calls and the
   * pending block, and carried into the next mined block. No block is mined.
   */
  setAccountState(changes: readonly AccountChange[]): Promise<void> {
    return this.#queue.run(() => this.setOnHead(changes))
  }

  /** anvil_addBalance: adds `amount` wei to an account's balance on the head's state; the new balance. */
  addBalance(address: Uint8Array, amount: bigint): Promise<bigint> {
    return this.#queue.run(async () => {
      const balance = (await this.execution.stateAt(this.head).getBalance(address)) + amount
      await this.setOnHead([{ address, balance }])
      return balance
    })
  }

  /**
   * anvil_dealERC20, anvil_setERC20Allowance: the token's view `calldata` (`balanceOf`, `allowance`) answers `value`
   * from now on, its storage set on the head where the view reads it (found as Anvil finds it, `findErc20Slot`).
   */
  setErc20Value(token: Uint8Array, calldata: Uint8Array, value: bigint, what: { view: 'balance' | 'allowance' }): Promise<void> {
    return this.#queue.run(async () => {
      const head = this.head
      const slot = await findErc20Slot((request, options) => this.execution.call(request, head, options), token, calldata, value)
      if (slot === undefined) throw new Erc20SlotNotFound(what.view)
      if (slot !== 'already') await this.setOnHead([{ address: token, storage: [[slot, storageWord(value)]] }])
    })
  }

  /** Sets `changes` on the head's state; inside the write queue. */
  private async setOnHead(changes: readonly AccountChange[]): Promise<void> {
    const head = this.head
    this.#headState.set(head, await this.#chain.engine.withAccountChanges(this.execution.stateRootOf(head), changes), changes)
  }

  /** Resumes a restored network where it was saved: its clock, its pool and state set on its head. */
  restore(state: RestoredState): Promise<void> {
    return this.#queue.run(() => resumeNetwork(this.#tracked, state))
  }

  /**
   * anvil_loadState: makes a network saved elsewhere (rebuilt block by block and checked) this network, with
   * its keys, pool and state set on its head; clients are told as a reorg (see `replaceChain`). The saved clock
   * applies when it ran in the same mode as this network's, whose clock is otherwise left as it is.
   */
  loadNetwork(loaded: LoadedNetwork): Promise<void> {
    return this.#queue.run(async () => {
      this.replaceChain(loaded.chain, loaded.accounts)
      await resumeNetwork(this.#tracked, { ...loaded, clock: sameClockMode(loaded.clockMode, this.#clock.mode) ? loaded.clock : this.#clock.snapshot() })
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
      this.replay?.restart()
      this.#clock.restore(UNMOVED_CLOCK)
      this.#blockParameters.reset()
      const mining = this.#origin.mining
      this.#miner.setAutomine(mining.auto)
      this.#miner.setInterval(mining.intervalMs ?? 0)
    })
  }

  // ---- reads ----

  /** Canonical block by tag or number; `pending` is answered by `pendingBlock()` instead. */
  blockBySelector(selector: BlockSelector): ChainBlock | undefined {
    const number = typeof selector === 'bigint' ? selector : this.#chain.tagNumber(selector)
    return this.#chain.blockByNumber(number)
  }

  /** The next block as the pool would make it now (cached until the pool, the head's state or what it is built with changes). */
  pendingBlock(): Promise<PendingBlock> {
    const version = `${this.#producer.pendingInputs()}:${this.#pool.version}:${this.#headState.version}`
    return this.#pending.get(version, () => this.#queue.run(() => this.#producer.buildPending()))
  }

  /** The nonce the sender's next transaction should carry, counting its pooled transactions. */
  async pendingNonce(address: Uint8Array): Promise<bigint> {
    return this.#pool.nextNonce(keyOf(address), await this.execution.stateAt(this.head).getNonce(address))
  }

  /** The pool as geth's txpool methods report it: runnable (`pending`) and waiting behind a gap (`queued`). */
  poolContent(): Promise<{ pending: SignedTransaction[]; queued: SignedTransaction[] }> {
    const state = this.execution.stateAt(this.head)
    return this.#pool.partition((from) => state.getNonce(from))
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
   * The transaction `sender` sent with `nonce`: mined on the canonical chain (so a reorged-out one is no longer
   * found there, unless the new branch mined it again), or pooled. A nonce at or past the sender's nonce at the head
   * was not mined; an older one is looked for from the head back, as the newest nonces are the ones asked for.
   */
  async transactionBySenderAndNonce(sender: Uint8Array, nonce: bigint): Promise<TransactionLookup | undefined> {
    const fromKey = keyOf(sender)
    const pooled = this.#pool.bySenderAndNonce(fromKey, nonce)
    if (pooled) return { status: 'pending', signed: pooled }
    if (nonce >= (await this.execution.stateAt(this.head).getNonce(sender))) return undefined
    for (const block of this.canonicalFromHead()) {
      const index = block.transactions.findIndex(({ signed }) => signed.fromKey === fromKey && signed.tx.nonce === nonce)
      if (index >= 0) return { status: 'mined', location: { block, index } }
    }
    return undefined
  }

  /** The blobs a blob transaction came with (its sidecar's), mined on the canonical chain or pooled; undefined for any other. */
  blobsOfTransaction(hash: Uint8Array): Uint8Array[] | undefined {
    const found = this.transaction(hash)
    const signed = found?.status === 'mined' ? found.location.block.transactions[found.location.index]?.signed : found?.signed
    return signed?.sidecar?.blobs
  }

  /**
   * The blob whose versioned hash is `versionedHash`, from the pool's blob transactions or the canonical chain's
   * (newest first). Blob transactions are few and their sidecars ride with them, so a walk of the chain's
   * transactions costs what an index kept for every block would cost to keep.
   */
  blobByVersionedHash(versionedHash: Uint8Array): Uint8Array | undefined {
    const blobOf = (signed: SignedTransaction): Uint8Array | undefined => {
      const sidecar = signed.sidecar
      const index = sidecar ? sidecar.commitments.findIndex((commitment) => equalsBytes(versionedHashOf(commitment), versionedHash)) : -1
      return index >= 0 ? sidecar?.blobs[index] : undefined
    }
    for (const signed of this.#pool.all()) {
      const blob = blobOf(signed)
      if (blob) return blob
    }
    for (const block of this.canonicalFromHead()) {
      if (!block.header.blobGasUsed) continue
      for (const { signed } of block.transactions) {
        const blob = blobOf(signed)
        if (blob) return blob
      }
    }
    return undefined
  }

  /**
   * Where the transaction `hash` is mined on the canonical chain once it is (eth_sendRawTransactionSync): at once when
   * it is already, else at the first block, reorg or replaced chain that mines it; NotMinedInTime after `timeoutMs`.
   */
  minedWithin(hash: Uint8Array, timeoutMs: number): Promise<TransactionLocation> {
    const key = keyOf(hash)
    const mined = this.#chain.transaction(key)
    if (mined) return Promise.resolve(mined)
    return new Promise((resolve, reject) => {
      const stopWatching = this.#minedWaits.watch(() => {
        const location = this.#chain.transaction(key)
        if (!location) return
        finish()
        resolve(location)
      })
      const timer = setTimeout(() => {
        finish()
        reject(new NotMinedInTime(hash, timeoutMs))
      }, timeoutMs)
      const finish = () => {
        clearTimeout(timer)
        stopWatching()
      }
    })
  }

  /**
   * eth_getLogs, eth_getFilterLogs: the logs `filter` matches under `limits`, or why there are none. With
   * `asOf`, tags and the head check are resolved against that canonical block instead of the head, as a replica
   * that lags behind answers (blocks above it are unknown to it).
   */
  queryLogs(filter: LogFilter, limits: LogLimits, options: LogQueryOptions & { asOf?: bigint } = {}): Promise<LogQueryResult> {
    return this.#logs.query(filter, limits, options)
  }

  // ---- lifecycle ----

  /**
   * The settle barrier (sim_settle): resolves once every write queued before the call has been applied and
   * every notification those writes caused has been handed to filters (at once, in the write) and written to
   * its subscriber's socket. A test awaits it instead of sleeping until a watcher has seen a reorg.
   */
  async settled(): Promise<void> {
    await this.#queue.idle()
    await this.#subscriptions.delivered()
  }

  /** Stops the miner; pending writes finish first. */
  async close(): Promise<void> {
    if (this.#closed) return
    this.#closed = true
    await this.replay?.close()
    this.#miner.stop()
    this.#filters.close()
    this.#subscriptions.close()
    await this.#queue.idle()
  }

  // ---- inside the queue ----

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
    this.#chain = next
    this.#accounts = new DevAccounts(accounts, next.engine.common)
    this.#logs.follow(next)
    this.addressHistory.follow(next)
    this.#headState.follow(next)
    this.#filters.follow(next)
    this.#subscriptions.follow(next)
    this.#pool.clear()
    this.#instanceId = randomBytes(32)
    this.#reorgHistory.forget()
    this.#minedWaits.chainReplaced()
    for (const listener of this.#chainReplaced) listener()
  }

  /** The canonical chain's blocks, the head first, down to its first (the genesis, or a fork's fork block). */
  private *canonicalFromHead(): Generator<ChainBlock> {
    for (let block: ChainBlock | undefined = this.head; block; block = block.number === 0n ? undefined : this.#chain.blockByNumber(block.number - 1n)) {
      yield block
    }
  }

  /** Under automine, mines what the pool can run now (a replay that held mining back ended). Inside the queue. */
  private async mineWaiting(): Promise<void> {
    if (!this.#miner.isAutomine || this.#pool.size === 0) return
    const ready = await this.#producer.executable(this.head)
    if (ready.length > 0) await this.#producer.mineOnHead(ready)
  }

  private async admit(signed: SignedTransaction, options: SendOptions): Promise<Uint8Array> {
    await this.#poolEntry.admit(signed)
    // While a replay holds mining back, a sent transaction waits for the next replayed block.
    if (this.#miner.isAutomine && !this.replay?.holdsMining) {
      // Only where nothing can fail the block after the answer: a recording orders each call by the writes it
      // made, so a send it records keeps its block in its own write; a state file's journal may be refused
      // (a full disk), and a forked chain's block may fail on its upstream: their senders hear that from the send.
      const blockCannotFail = this.#queue.observer === undefined && this.#queue.afterEach === undefined && !this.#chain.engine.readsUpstream
      if (options.answer === 'admitted' && blockCannotFail) {
        this.mineAfterAnswer(signed)
        return signed.hash
      }
      try {
        // Under automine a transaction that can run is mined at once; one behind a nonce gap waits.
        const ready = await this.#producer.executable(this.head)
        if (ready.length > 0) await this.#producer.mineOnHead(ready)
      } catch (error) {
        // Not mined (a forked chain's upstream failed): the sender hears why, and nothing stays behind.
        this.#pool.remove([signed.hashKey])
        throw error
      }
    }
    return signed.hash
  }

  /** Queues the block of a send answered at admission as the next write (this one, the send, is running). */
  private mineAfterAnswer(signed: SignedTransaction): void {
    const mined = this.#queue.run(async () => {
      try {
        await this.mineWaiting()
      } catch (error) {
        // The sender has its hash already: the transaction leaves the pool, and the failure is told as an
        // interval block's is.
        this.#pool.remove([signed.hashKey])
        this.#onError(error)
      }
    })
    const settled = mined.then(
      () => undefined,
      (error: unknown) => this.#onError(error),
    )
    this.#minedAfterAnswer = settled
    void settled.then(() => {
      if (this.#minedAfterAnswer === settled) this.#minedAfterAnswer = undefined
    })
  }
}

/** How a send is answered: once its transaction is mined (the default), or once it is admitted to the pool. */
export interface SendOptions {
  answer?: 'mined' | 'admitted'
}

/** A chain built again from its genesis description, on an empty state database. */
function rebuildFrom(origin: ChainOrigin): () => Promise<Chain> {
  return () => chainFrom(origin)
}
