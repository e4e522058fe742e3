import type { DevAccounts } from './accounts/devAccounts.ts'
import type { Chain } from './chain/chain.ts'
import type { ChainClock, ClockState } from './chain/clock.ts'
import type { HeadStateOverride } from './chain/headStateOverride.ts'
import type { Snapshots } from './chain/snapshots.ts'
import type { ChainBlock } from './chain/types.ts'
import { equalsBytes } from './evm/index.ts'
import type { SignedTransaction } from './evm/index.ts'
import type { BlockParameters } from './mining/blockParameters.ts'
import type { Miner, MiningMode } from './mining/miner.ts'
import { isEmptyChange } from './networkImage.ts'
import type { BlockParametersImage, NetworkChange, NetworkImage, ReorgImage } from './networkImage.ts'
import type { ReorgEntry, ReorgHistory } from './reorg/reorgHistory.ts'
import type { TxPool } from './txpool/txPool.ts'

/** The parts of a network whose state a state file keeps (the node's own, handed over as to its other modules). */
export interface TrackedParts {
  chain(): Chain
  pool: TxPool
  clock: ChainClock
  miner: Miner
  blockParameters: BlockParameters
  accounts(): DevAccounts
  snapshots: Snapshots
  headState: HeadStateOverride
  history: ReorgHistory
  /** The genesis as geth writes it. */
  genesis(): Record<string, unknown>
}

/** The network as it is now, whole (called between two writes: nothing changes while it runs). */
export function imageOf(parts: TrackedParts): NetworkImage {
  const chain = parts.chain()
  return {
    genesis: parts.genesis(),
    finality: { ...chain.finality },
    blocks: chain.storedBlocks(),
    head: chain.head.hashKey,
    held: chain.windowBlocks().map((b) => b.hashKey),
    states: chain.engine.states.keptStates(),
    accounts: parts.accounts().list.map((a) => a.privateKey),
    impersonated: [...parts.accounts().impersonatedAddresses],
    pool: parts.pool.all(),
    clock: parts.clock.snapshot(),
    mining: miningOf(parts.miner),
    blockParameters: blockParametersOf(parts.blockParameters),
    snapshots: { lastId: parts.snapshots.lastTaken, entries: parts.snapshots.entries() },
    headOverride: parts.headState.save(),
    reorgs: { total: parts.history.total, records: parts.history.entries().map(reorgImageOf) },
  }
}

/**
 * Follows a network's parts and tells, at the end of each write (`flush`, called by the write queue before the
 * write's caller hears of it), what that write changed: the blocks, trie nodes, window and pool changes as they
 * happened, and the small parts (clock, mining, block parameters, impersonation, snapshots, state on the head,
 * reorgs) that differ from what it last told. A write that changed nothing costs a few comparisons.
 */
export class NetworkChangeTracker {
  #chain: Chain
  #change: NetworkChange = emptyChange()
  #told: Told

  constructor(
    private readonly parts: TrackedParts,
    private readonly tell: (change: NetworkChange) => void,
  ) {
    this.#chain = parts.chain()
    this.#told = this.current()
    this.follow(this.#chain)
    parts.pool.events.on('added', this.#added)
    parts.pool.events.on('removed', this.#removed)
  }

  readonly #added = (add: SignedTransaction) => {
    this.#change.pool.push({ add })
  }

  readonly #removed = (remove: string) => {
    const pool = this.#change.pool
    // A transaction that came and went within one write (mined at once under automine) is not told at all.
    const added = pool.findLastIndex((step) => 'add' in step && step.add.hashKey === remove)
    if (added >= 0) pool.splice(added, 1)
    else pool.push({ remove })
  }

  /** Stops following the network. */
  stop(): void {
    this.#chain.reportStorageTo(undefined)
    this.#chain.engine.states.onStateKept(undefined)
    this.parts.pool.events.off('added', this.#added)
    this.parts.pool.events.off('removed', this.#removed)
  }

  /** Tells what the write that just ended changed, if anything; what `tell` throws is the write's error. */
  flush(): void {
    const change = this.#change
    this.#change = emptyChange()
    const chain = this.parts.chain()
    if (chain !== this.#chain) {
      // anvil_reset, anvil_loadState: another chain, told whole.
      this.#chain.reportStorageTo(undefined)
      this.#chain.engine.states.onStateKept(undefined)
      this.#chain = chain
      this.follow(chain)
      this.#told = this.current()
      this.tell({ ...emptyChange(), whole: imageOf(this.parts) })
      return
    }
    const now = this.current()
    const told = this.#told
    if (now.head !== told.head) change.head = now.head
    if (!sameClock(now.clock, told.clock)) change.clock = now.clock
    if (now.mining.auto !== told.mining.auto || intervalOf(now.mining) !== intervalOf(told.mining)) change.mining = now.mining
    if (!sameBlockParameters(now.blockParameters, told.blockParameters)) change.blockParameters = now.blockParameters
    if (now.impersonated.join() !== told.impersonated.join()) change.impersonated = [...now.impersonated]
    if (now.snapshotsVersion !== told.snapshotsVersion) {
      change.snapshots = { lastId: this.parts.snapshots.lastTaken, entries: this.parts.snapshots.entries() }
    }
    if (now.overrideVersion !== told.overrideVersion) change.headOverride = { value: this.parts.headState.save() }
    if (now.reorgs !== told.reorgs) change.reorgs = this.parts.history.entries(told.reorgs).map(reorgImageOf)
    this.#told = now
    if (!isEmptyChange(change)) this.tell(change)
  }

  private follow(chain: Chain): void {
    const change = () => this.#change
    chain.reportStorageTo({
      stored: (block: ChainBlock) => change().blocks.push(block),
      held: (block: ChainBlock) => change().window.push({ hold: block.hashKey }),
      letGo: (block: ChainBlock) => change().window.push({ letGo: block.hashKey }),
    })
    chain.engine.states.onStateKept((key, value) => change().states.push([key, value]))
  }

  private current(): Told {
    const { parts } = this
    return {
      head: parts.chain().head.hashKey,
      clock: parts.clock.snapshot(),
      mining: miningOf(parts.miner),
      blockParameters: blockParametersOf(parts.blockParameters),
      impersonated: parts.accounts().impersonatedAddresses,
      snapshotsVersion: parts.snapshots.version,
      overrideVersion: parts.headState.version,
      reorgs: parts.history.total,
    }
  }
}

/** What the tracker last told of the small parts. */
interface Told {
  head: string
  clock: ClockState
  mining: MiningMode
  blockParameters: BlockParametersImage
  impersonated: readonly string[]
  snapshotsVersion: number
  overrideVersion: number
  reorgs: number
}

function emptyChange(): NetworkChange {
  return { blocks: [], states: [], window: [], pool: [] }
}

function miningOf(miner: Miner): MiningMode {
  return miner.interval === undefined ? { auto: miner.isAutomine } : { auto: miner.isAutomine, intervalMs: miner.interval }
}

const intervalOf = (mode: MiningMode) => mode.intervalMs

function blockParametersOf(parameters: BlockParameters): BlockParametersImage {
  return { gasLimit: parameters.gasLimit, coinbase: parameters.coinbase, nextBaseFee: parameters.nextBaseFee }
}

function sameBlockParameters(a: BlockParametersImage, b: BlockParametersImage): boolean {
  return a.gasLimit === b.gasLimit && a.nextBaseFee === b.nextBaseFee && equalsBytes(a.coinbase, b.coinbase)
}

function sameClock(a: ClockState, b: ClockState): boolean {
  return a.offset === b.offset && a.nextTimestamp === b.nextTimestamp && a.interval === b.interval
}

function reorgImageOf(reorg: ReorgEntry): ReorgImage {
  return {
    id: reorg.id,
    cause: reorg.cause,
    at: reorg.at,
    commonAncestor: reorg.commonAncestor.hashKey,
    removed: reorg.removed.map((b) => b.hashKey),
    added: reorg.added.map((b) => b.hashKey),
  }
}
