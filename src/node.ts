import { Chain, toChainBlock } from './chain/chain.ts'
import { ChainClock } from './chain/clock.ts'
import type { ClockMode } from './chain/clock.ts'
import type { BlockSelector, ChainBlock, FinalityDepths, TransactionLocation } from './chain/types.ts'
import { WriteQueue } from './chain/writeQueue.ts'
import {
  createDevCommon,
  deriveDevAccounts,
  DEV_MNEMONIC,
  ExecutionEngine,
  keccak256,
  keyOf,
  signTransaction,
  transactionFailureReason,
} from './evm/index.ts'
import type {
  AccessListEntry,
  AccountChange,
  BlockTemplate,
  DetachedState,
  AccountProof,
  Block,
  BuiltBlock,
  CallRequest,
  CallResult,
  DevAccount,
  ExecutedTransaction,
  SignedTransaction,
  StateView,
  TypedTxData,
} from './evm/index.ts'
import { InvalidParamsError, ServerError } from './errors.ts'
import { FilterManager } from './filters/filterManager.ts'
import { SubscriptionHub } from './filters/subscriptions.ts'
import { LogIndex } from './logs/index.ts'
import { Miner } from './mining/miner.ts'
import { checkReorgDepth, executeReorg, reinclusionStart } from './reorg/reorgEngine.ts'
import type { ReorgOutcome } from './reorg/reorgEngine.ts'
import type { MiningMode } from './mining/miner.ts'
import { checkAdmission, decodeForAdmission, TransactionRejectedError } from './txpool/admission.ts'
import { TxPool } from './txpool/txPool.ts'

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
}

/** A transaction the node signs with one of its dev accounts (eth_sendTransaction). */
export interface TransactionRequest {
  from: Uint8Array
  to?: Uint8Array
  data?: Uint8Array
  value?: bigint
  gas?: bigint
  nonce?: bigint
  gasPrice?: bigint
  maxFeePerGas?: bigint
  maxPriorityFeePerGas?: bigint
  accessList?: readonly AccessListEntry[]
}

/** sim_reorg's options (DESIGN.md, Reorgs), in domain types. */
export interface SimReorgOptions {
  depth: number
  /** Blocks in the replacement branch; default depth + 1, so the new branch is longer. */
  length?: number
  /** Orphaned transactions: re-mined in the new branch ("all") or back to the pool ("none"). */
  reinclude?: 'all' | 'none'
  /** Hashes of orphaned (or pooled) transactions to discard. */
  drop?: Uint8Array[]
  /** Raw signed transactions placed in the first new block. */
  add?: Uint8Array[]
  force?: boolean
}

/** State restored by evm_revert. */
interface Snapshot {
  headKey: string
  pool: SignedTransaction[]
  clock: ReturnType<ChainClock['snapshot']>
  stateOverride: StateOverride | undefined
}

/** State set directly on the head (anvil_setBalance...): it applies until a new head replaces it. */
interface StateOverride {
  headKey: string
  stateRoot: Uint8Array
}

/** The block the pool would make next, executed on top of the head and never kept. */
export interface PendingBlock {
  block: Block
  parent: ChainBlock
  transactions: readonly ExecutedTransaction[]
  /** Its state, readable while this pending block is cached (kept outside the chain's database). */
  state: DetachedState
}

/** A transaction by hash: mined into a canonical block, or waiting in the pool. */
export type TransactionLookup =
  | { status: 'mined'; location: TransactionLocation }
  | { status: 'pending'; signed: SignedTransaction }

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
  priorityFee: GWEI,
  filterTimeoutMs: 5 * 60_000,
} as const

/**
 * One simulated network: its chain, pool, miner and log index. Every write (transactions,
 * mining, reorgs) runs through one queue, so every read sees a consistent chain.
 */
export class ChainNode {
  readonly queue = new WriteQueue()
  readonly pool: TxPool
  readonly logs = new LogIndex()
  readonly miner: Miner
  readonly filters: FilterManager
  readonly subscriptions: SubscriptionHub
  private readonly snapshots = new Map<number, Snapshot>()
  private snapshotCounter = 0
  private reorgCounter = 0
  private stateOverride: StateOverride | undefined
  /** Changes when state is set directly, so a cached pending block is rebuilt. */
  private stateVersion = 0
  private pendingCache: { key: string; pending: Promise<PendingBlock> } | undefined
  private closed = false

  private constructor(
    readonly name: string,
    readonly chain: Chain,
    readonly clock: ChainClock,
    readonly accounts: readonly DevAccount[],
    private readonly options: { blockGasLimit: bigint; coinbase: Uint8Array },
    mining: MiningMode,
    onError: (error: unknown) => void,
    limits: { filterTimeoutMs: number; filterClock?: () => number; maxFilters?: number; maxFilterChanges?: number; maxSubscriptionsPerConnection?: number; maxPoolSize?: number },
  ) {
    this.pool = new TxPool(limits.maxPoolSize)
    this.miner = new Miner(mining, () => this.mine(1), onError)
    // An imported chain arrives with its blocks: index all of them once.
    for (let n = chain.genesis.number; n <= chain.head.number; n++) {
      this.logs.append(toIndexedBlock(chain.blockByNumber(n) as ChainBlock))
    }
    chain.events.on('blockAdded', (block) => this.logs.append(toIndexedBlock(block)))
    chain.events.on('reorged', ({ commonAncestor, added }) => {
      this.logs.truncate(commonAncestor.number + 1n)
      for (const block of added) this.logs.append(toIndexedBlock(block))
    })
    this.filters = new FilterManager({
      chain,
      logs: this.logs,
      timeoutMs: limits.filterTimeoutMs,
      now: limits.filterClock,
      maxFilters: limits.maxFilters,
      maxChanges: limits.maxFilterChanges,
      pendingLogs: async () =>
        (await this.pendingBlock()).transactions.map((t) => ({ transactionHash: t.signed.hashKey, logs: t.logs })),
    })
    this.subscriptions = new SubscriptionHub(chain, { maxPerConnection: limits.maxSubscriptionsPerConnection })
    this.pool.events.on('added', (signed) => {
      this.filters.transactionPooled(signed)
      this.subscriptions.transactionPooled(signed)
    })
  }

  /** Creates a fresh dev network: genesis with the funded dev accounts, miner started. */
  static async create(options: NodeOptions = {}): Promise<ChainNode> {
    const name = options.name ?? NODE_DEFAULTS.name
    const chainId = options.chainId ?? NODE_DEFAULTS.chainId
    const engine = await ExecutionEngine.create(createDevCommon(chainId, name))
    const accounts = deriveDevAccounts(options.mnemonic ?? DEV_MNEMONIC, options.accountCount ?? NODE_DEFAULTS.accountCount)
    const clock = new ChainClock(options.clock ?? { kind: 'wall' })
    const balance = options.accountBalance ?? NODE_DEFAULTS.accountBalance
    const genesis = await engine.createGenesis({
      alloc: new Map(accounts.map((a) => [keyOf(a.address), { balance }])),
      timestamp: clock.genesisTimestamp(),
      gasLimit: options.blockGasLimit ?? NODE_DEFAULTS.blockGasLimit,
      baseFeePerGas: options.genesisBaseFeePerGas ?? NODE_DEFAULTS.genesisBaseFeePerGas,
    })
    const chain = new Chain(engine, toChainBlock(genesis, []), finalityOf(options))
    return ChainNode.fromChain(chain, { ...options, clock: options.clock }, accounts)
  }

  /**
   * Serves an existing chain (for example one imported from a geth genesis and RLP blocks):
   * the node mines on its head with the given options; `accounts` are the keys it signs for.
   */
  static fromChain(chain: Chain, options: NodeOptions = {}, accounts: readonly DevAccount[] = []): ChainNode {
    const name = options.name ?? NODE_DEFAULTS.name
    const node = new ChainNode(
      name,
      chain,
      new ChainClock(options.clock ?? { kind: 'wall' }),
      accounts,
      {
        blockGasLimit: options.blockGasLimit ?? chain.head.block.header.gasLimit,
        coinbase: options.coinbase ?? new Uint8Array(20),
      },
      options.mining ?? { auto: true },
      options.onError ?? ((error) => console.error(`[${name}] background mining failed:`, error)),
      {
        filterTimeoutMs: options.filterTimeoutMs ?? NODE_DEFAULTS.filterTimeoutMs,
        filterClock: options.filterClock,
        maxFilters: options.maxFilters,
        maxFilterChanges: options.maxFilterChanges,
        maxSubscriptionsPerConnection: options.maxSubscriptionsPerConnection,
        maxPoolSize: options.maxPoolSize,
      },
    )
    node.miner.start()
    return node
  }

  get chainId(): bigint {
    return this.chain.chainId
  }

  get head(): ChainBlock {
    return this.chain.head
  }

  /** Base fee of the next block. */
  get nextBaseFee(): bigint {
    return this.head.block.header.calcNextBaseFee()
  }

  /** Blob gas price of the next block (EIP-4844); 1 wei before Cancun's blob market exists. */
  get nextBlobBaseFee(): bigint {
    const header = this.head.block.header
    return header.excessBlobGas === undefined ? 1n : header.calcNextBlobGasPrice(this.chain.engine.common)
  }

  /** Admits a raw signed transaction to the pool (and mines it under automine); returns its hash. */
  sendRawTransaction(raw: Uint8Array): Promise<Uint8Array> {
    return this.queue.run(async () => {
      const signed = decodeForAdmission(raw, this.chain.engine.common)
      return this.admit(signed)
    })
  }

  /** Signs `request` with the dev account it names, then sends it as sendRawTransaction does. */
  sendTransaction(request: TransactionRequest): Promise<Uint8Array> {
    return this.queue.run(async () => {
      const data = await this.fillTransaction(request)
      return this.admit(this.signAs(request.from, data))
    })
  }

  /** Signs a request whose nonce and gas are given with the dev account it names (no pool, no mining). */
  signWithDevAccount(request: TransactionRequest & { nonce: bigint; gas: bigint }): SignedTransaction {
    return this.signAs(request.from, this.transactionData(request, request.nonce, request.gas))
  }

  /** Signs with the dev account `from`; fields ethereumjs cannot build are refused in geth's words. */
  private signAs(from: Uint8Array, data: TypedTxData): SignedTransaction {
    const account = this.accounts.find((a) => keyOf(a.address) === keyOf(from))
    if (!account) throw new ServerError(`unknown account ${keyOf(from)}`)
    try {
      return signTransaction(data, account.privateKey, this.chain.engine.common)
    } catch (error) {
      throw new TransactionRejectedError(transactionFailureReason(error))
    }
  }

  /** Mines `count` blocks from the pool, each at least `intervalSeconds` after the previous. */
  mine(count = 1, options: { intervalSeconds?: bigint } = {}): Promise<ChainBlock[]> {
    return this.queue.run(async () => {
      const mined: ChainBlock[] = []
      for (let i = 0; i < count; i++) {
        if (i > 0 && options.intervalSeconds !== undefined) {
          this.clock.setNextBlockTimestamp(this.head.timestamp + options.intervalSeconds)
        }
        mined.push(await this.mineOnHead())
      }
      return mined
    })
  }

  /** Canonical block by tag or number; `pending` is answered by `pendingBlock()` instead. */
  blockBySelector(selector: BlockSelector): ChainBlock | undefined {
    const number = typeof selector === 'bigint' ? selector : this.chain.tagNumber(selector)
    return this.chain.blockByNumber(number)
  }

  /** The next block as the pool would make it now (cached until the head or the pool changes). */
  pendingBlock(): Promise<PendingBlock> {
    const key = `${this.head.hashKey}:${this.pool.version}:${this.stateVersion}`
    const cached = this.pendingCache
    if (cached && cached.key === key) return cached.pending
    const pending = this.queue.run(async () => {
      const parent = this.head
      const { built, state } = await this.chain.engine.buildDetached(
        this.templateOn(parent, this.previewTimestamp(parent)),
        await this.executable(parent),
        this.chain.ancestorHashes(parent),
      )
      return { block: built.block, parent, transactions: built.executed, state }
    })
    this.pendingCache = { key, pending }
    pending.catch(() => {
      if (this.pendingCache?.pending === pending) this.pendingCache = undefined
    })
    return pending
  }

  /** State after `block` (a canonical or orphaned block, or the pending block). */
  stateAt(block: ChainBlock | PendingBlock): StateView {
    return this.chain.engine.stateAt(this.stateRootOf(block), detachedStateOf(block))
  }

  /**
   * Sets account fields directly on the head's state (anvil_setBalance, anvil_setNonce,
   * anvil_setCode, anvil_setStorageAt), as Anvil does: visible at once to reads, calls and the
   * pending block, and carried into the next mined block. No block is mined.
   */
  setAccountState(changes: readonly AccountChange[]): Promise<void> {
    return this.queue.run(async () => {
      const head = this.head
      const stateRoot = await this.chain.engine.withAccountChanges(this.stateRootOf(head), changes)
      this.stateOverride = { headKey: head.hashKey, stateRoot }
      this.stateVersion++
    })
  }

  /** The state a block stands for: its own, or the head's with directly set changes. */
  private stateRootOf(block: ChainBlock | PendingBlock): Uint8Array {
    const override = this.stateOverride
    // Only while that block is still the head: once a block is mined on it, the change lives in the new block.
    if (override && 'hashKey' in block && block.hashKey === override.headKey && block.hashKey === this.head.hashKey) {
      return override.stateRoot
    }
    return block.block.header.stateRoot
  }

  /** The nonce the sender's next transaction should carry, counting its pooled transactions. */
  async pendingNonce(address: Uint8Array): Promise<bigint> {
    return this.pool.nextNonce(keyOf(address), await this.stateAt(this.head).getNonce(address))
  }

  /** The pool as geth's txpool methods report it: runnable (`pending`) and waiting behind a gap (`queued`). */
  poolContent(): Promise<{ pending: SignedTransaction[]; queued: SignedTransaction[] }> {
    const state = this.stateAt(this.head)
    return this.pool.partition((from) => state.getNonce(from))
  }

  /** EIP-1186 proofs of an account and storage slots in the state after `block`. */
  proof(block: ChainBlock | PendingBlock, address: Uint8Array, slots: Uint8Array[]): Promise<AccountProof> {
    return this.chain.engine.proof(this.stateRootOf(block), address, slots, detachedStateOf(block))
  }

  /** Runs a call on the state after `block`, in the context of the block that would follow it. */
  async call(request: CallRequest, block: ChainBlock | PendingBlock): Promise<CallResult> {
    const parent = 'hashKey' in block ? block : block.parent
    const context = 'hashKey' in block ? block.block : block.block
    return this.chain.engine.simulate(context, request, this.chain.ancestorHashes(parent), {
      stateRoot: this.stateRootOf(block),
      detached: detachedStateOf(block),
    })
  }

  /** Like `call`, and reports the access list the call touched (eth_createAccessList). */
  async accessList(request: CallRequest, block: ChainBlock | PendingBlock): Promise<CallResult> {
    const parent = 'hashKey' in block ? block : block.parent
    return this.chain.engine.simulate(block.block, request, this.chain.ancestorHashes(parent), {
      reportAccessList: true,
      stateRoot: this.stateRootOf(block),
      detached: detachedStateOf(block),
    })
  }

  /**
   * The least gas with which `request` succeeds, by binary search as geth does. A request that
   * fails even with the block's whole gas limit returns that failing result instead.
   */
  async estimateGas(
    request: CallRequest,
    block: ChainBlock | PendingBlock,
  ): Promise<{ gas: bigint } | { failure: CallResult }> {
    const cap = request.gas ?? block.block.header.gasLimit
    const first = await this.call({ ...request, gas: cap }, block)
    if (!first.success) return { failure: first }
    let low = first.gasUsed - 1n
    let high = cap
    // Most calls succeed with what they used plus the 1/64 a call must keep back (EIP-150).
    const guess = (first.gasUsed * 64n) / 63n
    if (guess < high && (await this.call({ ...request, gas: guess }, block)).success) high = guess
    while (low + 1n < high) {
      const mid = (low + high) / 2n
      if ((await this.call({ ...request, gas: mid }, block)).success) high = mid
      else low = mid
    }
    return { gas: high }
  }

  /**
   * sim_reorg: replaces the newest `depth` blocks with a new branch. Orphaned transactions are
   * re-mined at other positions or returned to the pool; `drop` discards, `add` inserts.
   */
  simReorg(options: SimReorgOptions): Promise<ReorgOutcome> {
    return this.queue.run(async () => {
      const ancestorNumber = checkReorgDepth(this.head.number, this.chain.tagNumber('finalized'), options.depth, options.force ?? false)
      const length = options.length ?? options.depth + 1
      if (!Number.isInteger(length) || length < 0) throw new InvalidParamsError('invalid argument 0: length must be 0 or more')
      const orphaned = this.transactionsAbove(ancestorNumber)
      const dropKeys = new Set((options.drop ?? []).map(keyOf))
      for (const key of dropKeys) {
        if (!orphaned.some((o) => o.signed.hashKey === key) && !this.pool.has(key)) {
          throw new InvalidParamsError(`invalid argument 0: drop: transaction ${key} is neither in the reorged blocks nor pending`)
        }
      }
      const added = (options.add ?? []).map((raw, i) => {
        try {
          return decodeForAdmission(raw, this.chain.engine.common)
        } catch (error) {
          throw new InvalidParamsError(`invalid argument 0: add[${i}]: ${(error as Error).message}`)
        }
      })
      const kept = orphaned.filter((o) => !dropKeys.has(o.signed.hashKey))
      const blocks: SignedTransaction[][] = [added]
      if ((options.reinclude ?? 'all') === 'all' && kept.length > 0) {
        const start = reinclusionStart(Number((kept[0] as { blockNumber: bigint }).blockNumber - ancestorNumber - 1n), length)
        blocks[start] = [...(blocks[start] ?? []), ...kept.map((o) => o.signed)]
      }
      this.pool.remove(dropKeys)
      const outcome = await this.reorgWith({ depth: options.depth, length, blocks, force: options.force ?? false })
      const back = options.reinclude === 'none' ? kept.map((o) => o.signed) : outcome.notIncluded
      await this.returnToPool(back.filter((s) => !dropKeys.has(s.hashKey)))
      return outcome
    })
  }

  /**
   * anvil_reorg: replaces the newest `depth` blocks with as many new ones, holding the given
   * transactions at the given block indexes; orphaned transactions are dropped (Anvil's rule).
   */
  anvilReorg(depth: number, placements: Array<{ transaction: SignedTransaction; blockIndex: number }>, force = false): Promise<ReorgOutcome> {
    return this.queue.run(async () => {
      checkReorgDepth(this.head.number, this.chain.tagNumber('finalized'), depth, force)
      const blocks: SignedTransaction[][] = Array.from({ length: depth }, () => [])
      for (const { transaction, blockIndex } of placements) {
        if (!Number.isInteger(blockIndex) || blockIndex < 0 || blockIndex >= depth) {
          throw new InvalidParamsError(`invalid argument 1: block index ${blockIndex} is outside the ${depth} reorged blocks`)
        }
        blocks[blockIndex]!.push(transaction)
      }
      return this.reorgWith({ depth, length: depth, blocks, force })
    })
  }

  /** anvil_rollback: removes the newest `depth` blocks without replacing them. */
  rollback(depth: number, force = false): Promise<ReorgOutcome> {
    return this.queue.run(() => this.reorgWith({ depth, length: 0, blocks: [], force }))
  }

  /** evm_snapshot: remembers the head, the pool and the clock; returns the snapshot's id. */
  snapshot(): number {
    const id = ++this.snapshotCounter
    this.snapshots.set(id, {
      headKey: this.head.hashKey,
      pool: this.pool.all(),
      clock: this.clock.snapshot(),
      stateOverride: this.stateOverride,
    })
    return id
  }

  /**
   * evm_revert: makes the snapshot's head the head again (filters and subscriptions see the
   * removed blocks as a reorg), restores pool and clock, and forgets this and later snapshots.
   */
  revert(id: number): Promise<boolean> {
    return this.queue.run(async () => {
      const snapshot = this.snapshots.get(id)
      if (!snapshot) return false
      for (const key of [...this.snapshots.keys()]) if (key >= id) this.snapshots.delete(key)
      const target = this.chain.blockByHash(snapshot.headKey)
      if (!target) return false
      if (target.hashKey !== this.head.hashKey) {
        const { ancestor, branch } = this.chain.pathFromCanonical(target)
        this.chain.switchTo(ancestor, branch)
      }
      this.pool.remove(this.pool.all().map((s) => s.hashKey))
      for (const signed of snapshot.pool) this.pool.add(signed)
      this.clock.restore(snapshot.clock)
      this.stateOverride = snapshot.stateOverride
      this.stateVersion++
      return true
    })
  }

  /** A transaction by hash, mined or pooled. */
  transaction(hash: Uint8Array | string): TransactionLookup | undefined {
    const key = typeof hash === 'string' ? hash : keyOf(hash)
    const location = this.chain.transaction(key)
    if (location) return { status: 'mined', location }
    const signed = this.pool.get(key)
    return signed ? { status: 'pending', signed } : undefined
  }

  /** Stops the miner; pending writes finish first. */
  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    this.miner.stop()
    this.filters.close()
    this.subscriptions.close()
    await this.queue.idle()
  }

  /** Canonical transactions above `number`, oldest first, with the block each was in. */
  private transactionsAbove(number: bigint): Array<{ signed: SignedTransaction; blockNumber: bigint }> {
    const found: Array<{ signed: SignedTransaction; blockNumber: bigint }> = []
    for (let n = number + 1n; n <= this.head.number; n++) {
      const block = this.chain.blockByNumber(n) as ChainBlock
      for (const executed of block.transactions) found.push({ signed: executed.signed, blockNumber: n })
    }
    return found
  }

  private async reorgWith(plan: Parameters<typeof executeReorg>[1]): Promise<ReorgOutcome> {
    const outcome = await executeReorg(
      this.chain,
      plan,
      (parent, transactions, extraData) => this.buildOn(parent, transactions, { extraData }),
      ++this.reorgCounter,
    )
    const state = this.stateAt(this.head)
    await this.pool.removeStale((from) => state.getNonce(from))
    return outcome
  }

  /** Puts transactions back in the pool where they are still admissible; the rest are gone. */
  private async returnToPool(transactions: SignedTransaction[]): Promise<void> {
    for (const signed of transactions) {
      if (this.pool.has(signed.hashKey) || this.chain.transaction(signed.hashKey)) continue
      try {
        await this.checkAgainstHead(signed)
        this.pool.add(signed)
      } catch {
        // Inadmissible on the new branch (its nonce was used there): dropped, as a real node does.
      }
    }
  }

  private async admit(signed: SignedTransaction): Promise<Uint8Array> {
    if (this.chain.transaction(signed.hashKey)) throw new TransactionRejectedError('already known')
    await this.checkAgainstHead(signed)
    this.pool.add(signed)
    if (this.miner.isAutomine) {
      // Under automine a transaction that can run is mined at once; one behind a nonce gap waits.
      const ready = await this.executable(this.head)
      if (ready.length > 0) await this.mineOnHead(ready)
    }
    return signed.hash
  }

  /** Admission rules against the head's state and the next block's base fee. */
  private checkAgainstHead(signed: SignedTransaction): Promise<void> {
    return checkAdmission(signed, {
      common: this.chain.engine.common,
      state: this.stateAt(this.head),
      baseFee: this.nextBaseFee,
      blockGasLimit: this.options.blockGasLimit,
    })
  }

  /** Mines the next block from `transactions` (default: what the pool can run now). */
  private async mineOnHead(transactions?: SignedTransaction[]): Promise<ChainBlock> {
    const parent = this.head
    const built = await this.buildOn(parent, transactions ?? (await this.executable(parent)))
    this.pool.remove([...built.executed.map((e) => e.signed.hashKey), ...built.rejected.map((r) => r.signed.hashKey)])
    return this.chain.extend(built)
  }

  private executable(parent: ChainBlock): Promise<SignedTransaction[]> {
    const state = this.stateAt(parent)
    return this.pool.executable(parent.block.header.calcNextBaseFee(), (from) => state.getNonce(from))
  }

  /** Builds and seals a block on `parent` with the clock's next timestamp. */
  private buildOn(parent: ChainBlock, transactions: SignedTransaction[], options: { extraData?: Uint8Array } = {}): Promise<BuiltBlock> {
    return this.chain.engine.build(
      this.templateOn(parent, this.clock.timestampAfter(parent), options.extraData),
      transactions,
      this.chain.ancestorHashes(parent),
    )
  }

  private templateOn(parent: ChainBlock, timestamp: bigint, extraData?: Uint8Array): BlockTemplate {
    return {
      parent: parent.block,
      timestamp,
      coinbase: this.options.coinbase,
      gasLimit: this.options.blockGasLimit,
      // Deterministic randomness: the same chain gives the same hashes on every run.
      prevRandao: keccak256(parent.hash),
      extraData,
      parentStateRoot: this.stateRootOf(parent),
    }
  }

  /** The timestamp the next block would get, without consuming a pending override. */
  private previewTimestamp(parent: ChainBlock): bigint {
    const saved = this.clock.snapshot()
    const timestamp = this.clock.timestampAfter(parent)
    this.clock.restore(saved)
    return timestamp
  }

  private async fillTransaction(request: TransactionRequest): Promise<TypedTxData> {
    const nonce = request.nonce ?? (await this.pendingNonce(request.from))
    let gas = request.gas
    if (gas === undefined) {
      const estimate = await this.estimateGas({ ...request, nonce }, this.head)
      gas = 'failure' in estimate ? this.options.blockGasLimit : estimate.gas
    }
    return this.transactionData(request, nonce, gas)
  }

  /** Typed fields for a request whose nonce and gas are known; fees default as Anvil's. */
  private transactionData(request: TransactionRequest, nonce: bigint, gas: bigint): TypedTxData {
    const fields = { nonce, to: request.to, data: request.data, value: request.value ?? 0n, gasLimit: gas }
    if (request.gasPrice !== undefined) return { ...fields, type: 0, gasPrice: request.gasPrice }
    // The default tip never exceeds a given fee cap (geth takes the smaller of the two).
    const defaultTip = request.maxFeePerGas !== undefined && request.maxFeePerGas < NODE_DEFAULTS.priorityFee ? request.maxFeePerGas : NODE_DEFAULTS.priorityFee
    const maxPriorityFeePerGas = request.maxPriorityFeePerGas ?? defaultTip
    return {
      ...fields,
      type: 2,
      chainId: this.chainId,
      maxPriorityFeePerGas,
      maxFeePerGas: request.maxFeePerGas ?? this.nextBaseFee * 2n + maxPriorityFeePerGas,
      accessList: request.accessList?.map((e) => [e.address, e.storageKeys]),
    } as TypedTxData
  }
}

/** Finality depths from node options, with the defaults (safe = head − 32, finalized = head − 64). */
export function finalityOf(options: NodeOptions): FinalityDepths {
  return {
    safeDepth: options.finality?.safeDepth ?? NODE_DEFAULTS.finality.safeDepth,
    finalizedDepth: options.finality?.finalizedDepth ?? NODE_DEFAULTS.finality.finalizedDepth,
  }
}

function detachedStateOf(block: ChainBlock | PendingBlock): DetachedState | undefined {
  return 'state' in block ? block.state : undefined
}

function toIndexedBlock(block: ChainBlock) {
  return {
    number: block.number,
    hash: block.hash,
    timestamp: block.timestamp,
    transactions: block.transactions.map((t) => ({ hash: t.signed.hash, logs: t.logs })),
  }
}
