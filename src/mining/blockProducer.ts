import type { Chain } from '../chain/chain.ts'
import type { ChainClock } from '../chain/clock.ts'
import type { HeadStateOverride } from '../chain/headStateOverride.ts'
import type { ChainBlock } from '../chain/types.ts'
import { keccak256 } from '../evm/index.ts'
import type { BlockTemplate, BuiltBlock, SignedTransaction, StateView } from '../evm/index.ts'
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
    const built = await this.buildOn(parent, transactions ?? (await this.executable(parent)))
    pool.remove([...built.executed.map((e) => e.signed.hashKey), ...built.rejected.map((r) => r.signed.hashKey)])
    const block = chain.extend(built, headState.changesOn(parent))
    blockParameters.blockMined()
    return block
  }

  /** What the pool can run on `head` now, at the next block's fees. */
  executable(head: ChainBlock): Promise<SignedTransaction[]> {
    const state = this.network.stateAt(head)
    const fees = { baseFee: this.network.nextBaseFee(), blobBaseFee: this.network.nextBlobBaseFee() ?? 0n }
    return this.network.pool.executable(fees, (from) => state.getNonce(from))
  }

  /** Builds and seals a block on `parent` with the clock's next timestamp. */
  buildOn(parent: ChainBlock, transactions: SignedTransaction[], extraData?: Uint8Array): Promise<BuiltBlock> {
    const chain = this.network.chain()
    const template = this.templateOn(parent, this.network.clock.timestampAfter(parent), extraData)
    return chain.engine.build(template, transactions, chain.ancestorHashes(parent))
  }

  /** Builds the pending block now. */
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
