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
} from './evm/index.ts'
import type {
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
import { ServerError } from './errors.ts'
import { LogIndex } from './logs/index.ts'
import { Miner } from './mining/miner.ts'
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
  accessList?: ReadonlyArray<{ address: Uint8Array; storageKeys: Uint8Array[] }>
}

/** The block the pool would make next, executed on top of the head and never kept. */
export interface PendingBlock {
  block: Block
  parent: ChainBlock
  transactions: readonly ExecutedTransaction[]
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
} as const

/**
 * One simulated network: its chain, pool, miner and log index. Every write (transactions,
 * mining, reorgs) runs through one queue, so every read sees a consistent chain.
 */
export class ChainNode {
  readonly queue = new WriteQueue()
  readonly pool = new TxPool()
  readonly logs = new LogIndex()
  readonly miner: Miner
  private pendingCache: { headKey: string; poolVersion: number; pending: Promise<PendingBlock> } | undefined
  private closed = false

  private constructor(
    readonly name: string,
    readonly chain: Chain,
    readonly clock: ChainClock,
    readonly accounts: readonly DevAccount[],
    private readonly options: { blockGasLimit: bigint; coinbase: Uint8Array },
    mining: MiningMode,
    onError: (error: unknown) => void,
  ) {
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
      const account = this.accounts.find((a) => keyOf(a.address) === keyOf(request.from))
      if (!account) throw new ServerError(`unknown account ${keyOf(request.from)}`)
      const signed = signTransaction(await this.fillTransaction(request), account.privateKey, this.chain.engine.common)
      return this.admit(signed)
    })
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
    const headKey = this.head.hashKey
    const cached = this.pendingCache
    if (cached && cached.headKey === headKey && cached.poolVersion === this.pool.version) return cached.pending
    const pending = this.queue.run(async () => {
      const parent = this.head
      const built = await this.buildOn(parent, await this.executable(parent), { discard: true })
      return { block: built.block, parent, transactions: built.executed }
    })
    this.pendingCache = { headKey, poolVersion: this.pool.version, pending }
    pending.catch(() => {
      if (this.pendingCache?.pending === pending) this.pendingCache = undefined
    })
    return pending
  }

  /** State after `block` (a canonical or orphaned block, or the pending block). */
  stateAt(block: ChainBlock | PendingBlock): StateView {
    return this.chain.engine.stateAt(block.block.header.stateRoot)
  }

  /** The nonce the sender's next transaction should carry, counting its pooled transactions. */
  async pendingNonce(address: Uint8Array): Promise<bigint> {
    return this.pool.nextNonce(keyOf(address), await this.stateAt(this.head).getNonce(address))
  }

  /** Runs a call on the state after `block`, in the context of the block that would follow it. */
  async call(request: CallRequest, block: ChainBlock | PendingBlock): Promise<CallResult> {
    const parent = 'hashKey' in block ? block : block.parent
    const context = 'hashKey' in block ? block.block : block.block
    return this.chain.engine.simulate(context, request, this.chain.ancestorHashes(parent))
  }

  /** Like `call`, and reports the access list the call touched (eth_createAccessList). */
  async accessList(request: CallRequest, block: ChainBlock | PendingBlock): Promise<CallResult> {
    const parent = 'hashKey' in block ? block : block.parent
    return this.chain.engine.simulate(block.block, request, this.chain.ancestorHashes(parent), { reportAccessList: true })
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
    await this.queue.idle()
  }

  private async admit(signed: SignedTransaction): Promise<Uint8Array> {
    if (this.chain.transaction(signed.hashKey)) throw new TransactionRejectedError('already known')
    await checkAdmission(signed, {
      common: this.chain.engine.common,
      state: this.stateAt(this.head),
      baseFee: this.nextBaseFee,
      blockGasLimit: this.options.blockGasLimit,
    })
    this.pool.add(signed)
    if (this.miner.isAutomine && (await this.executable(this.head)).length > 0) await this.mineOnHead()
    return signed.hash
  }

  private async mineOnHead(): Promise<ChainBlock> {
    const parent = this.head
    const built = await this.buildOn(parent, await this.executable(parent))
    this.pool.remove([...built.executed.map((e) => e.signed.hashKey), ...built.rejected.map((r) => r.signed.hashKey)])
    return this.chain.extend(built)
  }

  private executable(parent: ChainBlock): Promise<SignedTransaction[]> {
    const state = this.stateAt(parent)
    return this.pool.executable(parent.block.header.calcNextBaseFee(), (from) => state.getNonce(from))
  }

  /** Builds (and, unless discarded, seals) a block on `parent` with the clock's next timestamp. */
  private buildOn(parent: ChainBlock, transactions: SignedTransaction[], options: { discard?: boolean } = {}): Promise<BuiltBlock> {
    const timestamp = options.discard ? this.previewTimestamp(parent) : this.clock.timestampAfter(parent)
    return this.chain.engine.build(
      {
        parent: parent.block,
        timestamp,
        coinbase: this.options.coinbase,
        gasLimit: this.options.blockGasLimit,
        // Deterministic randomness: the same chain gives the same hashes on every run.
        prevRandao: keccak256(parent.hash),
      },
      transactions,
      this.chain.ancestorHashes(parent),
      options,
    )
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
    const baseFee = this.nextBaseFee
    const gas =
      request.gas ??
      (await (async () => {
        const estimate = await this.estimateGas({ ...request, nonce }, this.head)
        if ('failure' in estimate) return this.options.blockGasLimit
        return estimate.gas
      })())
    const common = { nonce, to: request.to, data: request.data, value: request.value ?? 0n, gasLimit: gas }
    if (request.gasPrice !== undefined) return { ...common, type: 0, gasPrice: request.gasPrice }
    const maxPriorityFeePerGas = request.maxPriorityFeePerGas ?? NODE_DEFAULTS.priorityFee
    return {
      ...common,
      type: 2,
      chainId: this.chainId,
      maxPriorityFeePerGas,
      maxFeePerGas: request.maxFeePerGas ?? baseFee * 2n + maxPriorityFeePerGas,
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

function toIndexedBlock(block: ChainBlock) {
  return {
    number: block.number,
    hash: block.hash,
    timestamp: block.timestamp,
    transactions: block.transactions.map((t) => ({ hash: t.signed.hash, logs: t.logs })),
  }
}
