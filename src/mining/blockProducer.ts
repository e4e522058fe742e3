import type { Chain } from '../chain/chain.ts'
import type { ChainClock } from '../chain/clock.ts'
import type { HeadStateOverride } from '../chain/headStateOverride.ts'
import type { ChainBlock } from '../chain/types.ts'
import { decodeRawTransaction, keccak256, keyOf, withdrawalsOf } from '../evm/index.ts'
import type { NetworkConsole } from '../console/networkConsole.ts'
import type { BlockTemplate, BuildOptions, BuiltBlock, SignedTransaction, StateView } from '../evm/index.ts'
import type { ReplayedTransactions } from '../replay/replayCheck.ts'
import type { UpstreamBlock } from '../replay/types.ts'
import type { PendingBlock } from '../txpool/pendingBlock.ts'
import type { TxPool } from '../txpool/txPool.ts'
import type { BlockParameters } from './blockParameters.ts'

/** What blocks are made of and on: a network's chain, pool, clock and block parameters. */
export interface ProducerContext {
  /** The network's chain now (anvil_reset and anvil_loadState replace it). */
  chain(): Chain
  pool: TxPool
  clock: ChainClock
  blockParameters: BlockParameters
  headState: HeadStateOverride
  stateAt(block: ChainBlock): StateView
  /** The state a block stands for: its own, or the head's with directly set changes. */
  stateRootOf(block: ChainBlock): Uint8Array
  nextBaseFee(): bigint
  nextBlobBaseFee(): bigint | undefined
  /** Whether a filter waits for pending logs, and where they go before the pool's transactions are mined. */
  watchesPendingLogs(): boolean
  pendingLogsSeen(pending: PendingBlock): void
  /** What follows every block mined on the head (a reorg profile's draw), inside the same write. */
  afterMined(): Promise<void>
  /** Told each block mined on the head, with what its transactions printed, while it captures console.log. */
  console: NetworkConsole
}

/**
 * Builds a network's blocks: mined on the head from the pool, a reorg's branch blocks, and the pending block.
 * Every method runs inside the network's write queue (the node calls them only from there).
 */
export class BlockProducer {
  constructor(private readonly network: ProducerContext) {}

  /**
   * Mines `count` blocks from the pool, each at least `intervalSeconds` after the previous; the first at
   * `timestamp` when one is given (it must be after the head's).
   */
  async mine(count: number, options: { intervalSeconds?: bigint; timestamp?: bigint }): Promise<ChainBlock[]> {
    const { clock } = this.network
    if (options.timestamp !== undefined) clock.setNextBlockTimestampAfter(this.network.chain().head, options.timestamp)
    const mined: ChainBlock[] = []
    for (let i = 0; i < count; i++) {
      if (i > 0 && options.intervalSeconds !== undefined) clock.setNextBlockTimestamp(this.network.chain().head.timestamp + options.intervalSeconds)
      mined.push(await this.mineOnHead())
    }
    return mined
  }

  /** Mines the next block from `transactions` (default: what the pool can run now). */
  async mineOnHead(transactions?: SignedTransaction[]): Promise<ChainBlock> {
    const { pool, headState, blockParameters } = this.network
    if (transactions === undefined) await this.reportPendingLogs()
    const chain = this.network.chain()
    const parent = chain.head
    const printed = this.network.console
    const built = await this.buildOn(parent, transactions ?? (await this.executable(parent)), undefined, { captureConsole: printed.capturing })
    pool.remove([...built.executed.map((e) => e.signed.hashKey), ...built.rejected.map((r) => r.signed.hashKey)])
    const block = chain.extend(built, headState.changesOn(parent))
    if (built.consoleCalls) printed.blockMined(block, built.consoleCalls)
    blockParameters.blockMined()
    await this.network.afterMined()
    return block
  }

  /** What the pool can run on `head` now, at the next block's fees. */
  executable(head: ChainBlock): Promise<SignedTransaction[]> {
    const state = this.network.stateAt(head)
    const fees = { baseFee: this.network.nextBaseFee(), blobBaseFee: this.network.nextBlobBaseFee() ?? 0n }
    return this.network.pool.executable(fees, (from) => state.getNonce(from))
  }

  /** Builds and seals a block on `parent` with the clock's next timestamp. */
  buildOn(parent: ChainBlock, transactions: SignedTransaction[], extraData?: Uint8Array, options: BuildOptions = {}): Promise<BuiltBlock> {
    const chain = this.network.chain()
    const template = this.templateOn(parent, this.network.clock.timestampAfter(parent), extraData)
    return chain.engine.build(template, transactions, chain.ancestorHashes(parent), options)
  }

  /**
   * Mines an upstream block again on the head (a replay): its environment (timestamp, fee recipient, gas limit,
   * base fee, prevRandao, extraData, withdrawals, beacon root, excess blob gas), its transactions in its order,
   * then what the pool can run after them. BLOCKHASH of a height `upstreamHash` knows answers the upstream's hash.
   */
  async mineReplayed(
    upstream: UpstreamBlock,
    upstreamHash: (number: bigint) => Uint8Array | undefined,
  ): Promise<{ block: ChainBlock; replayed: ReplayedTransactions }> {
    const { pool, headState } = this.network
    const chain = this.network.chain()
    const parent = chain.head
    const rules = chain.engine.rulesAt(upstream.number, upstream.timestamp)
    const notRun = new Map<string, string>()
    const own: SignedTransaction[] = []
    for (const tx of upstream.transactions) {
      try {
        const signed = decodeRawTransaction(tx.raw, rules)
        own.push(tx.sidecar ? signed.with({ sidecar: tx.sidecar }) : signed)
      } catch (error) {
        notRun.set(keyOf(tx.hash), `it does not decode under this network's rules: ${(error as Error).message}`)
      }
    }
    const local = pool.size > 0 ? await this.executable(parent) : []
    const template: BlockTemplate = {
      ...this.templateOn(parent, upstream.timestamp, upstream.extraData),
      coinbase: upstream.coinbase,
      gasLimit: upstream.gasLimit,
      prevRandao: upstream.prevRandao,
      baseFeePerGas: upstream.baseFeePerGas,
      parentBeaconBlockRoot: upstream.parentBeaconBlockRoot,
      withdrawals: upstream.withdrawals,
      excessBlobGas: upstream.excessBlobGas,
    }
    const built = await chain.engine.build(template, [...own, ...local], withUpstreamHashes(chain.ancestorHashes(parent), upstreamHash))
    for (const { signed, reason } of built.rejected) notRun.set(signed.hashKey, reason)
    for (const signed of built.deferred) notRun.set(signed.hashKey, "it did not fit the block's remaining gas")
    const localKeys = new Set(local.map((s) => s.hashKey))
    pool.remove([...built.executed, ...built.rejected].map((e) => e.signed.hashKey).filter((key) => localKeys.has(key)))
    const block = chain.extend(built, headState.changesOn(parent))
    return { block, replayed: { executed: built.executed, notRun } }
  }

  /**
   * Builds on `parent` a block like `block` (at its height, on another branch): its timestamp, fee recipient, gas
   * limit, base fee, randomness, withdrawals and transactions, in its order, with `extraData` instead of its
   * own, so that it gets another hash. A reorg that reaches replayed blocks replaces them so.
   */
  async rebuildLike(
    parent: ChainBlock,
    block: ChainBlock,
    extraData: Uint8Array,
    upstreamHash: (number: bigint) => Uint8Array | undefined,
  ): Promise<BuiltBlock> {
    const chain = this.network.chain()
    const { header } = block
    // State set on the removed block's parent (anvil_setBalance...) is set again on the new parent.
    const edited = block.stateEdits && (await chain.engine.withAccountChanges(this.network.stateRootOf(parent), block.stateEdits))
    const template: BlockTemplate = {
      ...this.templateOn(parent, header.timestamp, extraData),
      ...(edited ? { parentStateRoot: edited } : {}),
      coinbase: header.coinbase.bytes,
      gasLimit: header.gasLimit,
      prevRandao: header.mixHash,
      baseFeePerGas: header.baseFeePerGas,
      parentBeaconBlockRoot: header.parentBeaconBlockRoot,
      withdrawals: withdrawalsOf(block.toBlock()),
      excessBlobGas: header.excessBlobGas,
    }
    try {
      return await chain.engine.build(
        template,
        block.transactions.map((e) => e.signed),
        withUpstreamHashes(chain.ancestorHashes(parent), upstreamHash),
      )
    } finally {
      // The block's own state is kept by the build; the edited parent state was only its starting point.
      if (edited) chain.engine.states.releaseState(edited)
    }
  }

  /** Builds the pending block now. */
  /**
   * Everything the pending block is made from besides the pool and the head's state (which the node versions): its
   * parent, the timestamp the clock would give it now (moved by evm_increaseTime, evm_setNextBlockTimestamp, an
   * interval, or the wall clock), and the gas limit, coinbase and base fee set for the next block. A pending block
   * built under other values is another block.
   */
  pendingInputs(): string {
    const parent = this.network.chain().head
    const { blockParameters } = this.network
    const timestamp = this.network.clock.previewTimestampAfter(parent)
    return `${parent.hashKey}:${timestamp}:${blockParameters.gasLimit}:${keyOf(blockParameters.coinbase)}:${blockParameters.nextBaseFee ?? ''}`
  }

  async buildPending(): Promise<PendingBlock> {
    const chain = this.network.chain()
    const parent = chain.head
    const { built, state } = await chain.engine.buildDetached(
      this.templateOn(parent, this.network.clock.previewTimestampAfter(parent)),
      await this.executable(parent),
      chain.ancestorHashes(parent),
    )
    return { block: built.block, header: built.block.header, parent, transactions: built.executed, stateRoot: built.block.header.stateRoot, state }
  }

  /**
   * Before the pool's transactions are mined, filters ending at `pending` are given their pending logs: a
   * transaction that waited in the pool was pending whether or not a filter was polled meanwhile. The pending
   * block is built afresh (not from its cache, whose build may wait in the queue behind this write), and only
   * when such a filter is installed.
   */
  private async reportPendingLogs(): Promise<void> {
    if (this.network.pool.size === 0 || !this.network.watchesPendingLogs()) return
    this.network.pendingLogsSeen(await this.buildPending())
  }

  private templateOn(parent: ChainBlock, timestamp: bigint, extraData?: Uint8Array): BlockTemplate {
    const { blockParameters } = this.network
    return {
      parent: { header: parent.header, hash: () => parent.hash },
      timestamp,
      coinbase: blockParameters.coinbase,
      gasLimit: blockParameters.gasLimit,
      // Deterministic randomness: the same chain gives the same hashes on every run.
      prevRandao: keccak256(parent.hash),
      extraData,
      parentStateRoot: this.network.stateRootOf(parent),
      // A base fee set with anvil_setNextBlockBaseFeePerGas is for the next block on the head, not a reorg's.
      baseFeePerGas: parent.hashKey === this.network.chain().head.hashKey ? blockParameters.nextBaseFee : undefined,
    }
  }
}

/** BLOCKHASH along a branch, but the upstream's hash where a replay knows it. */
function withUpstreamHashes(
  ancestors: (number: bigint) => Uint8Array | undefined,
  upstreamHash: (number: bigint) => Uint8Array | undefined,
): (number: bigint) => Uint8Array | undefined {
  return (number) => upstreamHash(number) ?? ancestors(number)
}
