import { ExecutionEngine, keyOf } from '../evm/index.ts'
import type { AccountChange, Block, BuiltBlock, Common, ExecutedTransaction, GenesisSpec } from '../evm/index.ts'
import { StoredBlock } from './storedBlock.ts'
import { BlockTree } from './blockTree.ts'
import type { ChainStorageListener } from './chainStorageListener.ts'
import { CanonicalChain } from './canonicalChain.ts'
import { ChainEvents } from './events.ts'
import { StateWindow } from './stateWindow.ts'
import type { StateBlocks } from './stateWindow.ts'
import { resolveTagNumber } from './tags.ts'
import type { BlockTag, ChainBlock, FinalityDepths, TransactionLocation } from './types.ts'

/** Wraps a sealed block and its executed transactions (and state set on its parent) as the chain keeps them. */
export function toChainBlock(block: Block, transactions: readonly ExecutedTransaction[], stateEdits?: readonly AccountChange[]): ChainBlock {
  return new StoredBlock(block, transactions, stateEdits)
}

/** What a chain is built from, enough to build it again from nothing (anvil_reset). */
export interface ChainOrigin {
  common: Common
  /** The chain id it starts at, when the Common's may have been changed since (by anvil_setChainId); else the Common's. */
  chainId?: bigint
  followsForks: boolean
  genesis: GenesisSpec
  finality: Pick<FinalityDepths, 'safeDepth' | 'finalizedDepth'>
  stateBlocks: StateBlocks
}

/** A new chain holding only the genesis `origin` describes, on an empty state database. */
export async function chainFrom(origin: ChainOrigin): Promise<Chain> {
  const engine = await ExecutionEngine.create(origin.common, { followForks: origin.followsForks, chainId: origin.chainId })
  const genesis = await engine.createGenesis(origin.genesis)
  return new Chain(engine, toChainBlock(genesis, []), origin.finality, origin.stateBlocks)
}

/**
 * What readers outside the node may see of a chain: blocks by number, hash and tag, transactions, finality.
 * Writes go through the node's write queue, so the node hands out this view only.
 */
export type ChainReader = Pick<
  Chain,
  | 'head'
  | 'genesis'
  | 'chainId'
  | 'genesisChainId'
  | 'finality'
  | 'blockByNumber'
  | 'blockByHash'
  | 'blocksAtHeight'
  | 'highestNumber'
  | 'allBlocks'
  | 'isCanonical'
  | 'tagNumber'
  | 'transaction'
  | 'hasState'
  | 'stateBlocks'
> & {
  /** The chain's events, to listen to (only the chain emits them). */
  readonly events: Pick<ChainEvents, 'on' | 'off' | 'once'>
}

/**
 * One network's chain: the block tree (all branches), the canonical chain, and the engine
 * that holds the states of the newest blocks (the state window). Writes come from the node's
 * write queue only; the chain announces them as `blockAdded` and `reorged` events.
 */
export class Chain {
  readonly events = new ChainEvents()
  private readonly tree: BlockTree
  private readonly canonical: CanonicalChain
  private readonly window: StateWindow
  #storageListener: ChainStorageListener | undefined

  /**
   * `genesis` and every block added come with their state sealed by `engine` (one holder, which
   * the chain takes over); `stateBlocks` says how many of the newest blocks keep it.
   */
  constructor(
    readonly engine: ExecutionEngine,
    genesis: ChainBlock,
    readonly finality: FinalityDepths,
    stateBlocks: StateBlocks = 'all',
  ) {
    this.tree = new BlockTree(genesis)
    this.canonical = new CanonicalChain(genesis)
    this.window = new StateWindow(engine.states, stateBlocks)
  }

  /**
   * A chain as a state file saved it, without executing anything: `blocks` (every block but genesis, parents
   * first, in the order they were sealed) joined to the tree, the branch ending at `head` made canonical, and the
   * window holding `held` (in order), whose states the engine keeps with one holder each for the window to take.
   */
  static restored(
    engine: ExecutionEngine,
    genesis: ChainBlock,
    finality: FinalityDepths,
    stateBlocks: StateBlocks,
    saved: { blocks: Iterable<ChainBlock>; head: string; held: readonly string[] },
  ): Chain {
    const chain = new Chain(engine, genesis, finality, stateBlocks)
    // Each parent read once (from the header's bytes): the tree needs it, and so does the walk to the head.
    const parents = new Map<ChainBlock, string>()
    for (const block of saved.blocks) {
      const parentKey = block.parentKey
      chain.tree.add(block, parentKey)
      parents.set(block, parentKey)
    }
    const head = chain.tree.get(saved.head)
    if (!head) throw new Error(`the head ${saved.head} is not among the blocks`)
    const branch: ChainBlock[] = []
    for (let cursor: ChainBlock | undefined = head; cursor !== genesis; cursor = chain.tree.get(parents.get(cursor) ?? '')) {
      if (!cursor) throw new Error('the head does not descend from the genesis')
      branch.push(cursor)
    }
    for (let i = branch.length - 1; i >= 0; i--) chain.canonical.append(branch[i] as ChainBlock)
    for (const key of saved.held) {
      const block = chain.tree.get(key)
      if (!block) throw new Error(`a held state's block ${key} is not among the blocks`)
      chain.window.hold(block)
    }
    return chain
  }

  /** Tells `listener` of each block stored and each state held or let go from now on (undefined stops it). */
  reportStorageTo(listener: ChainStorageListener | undefined): void {
    this.#storageListener = listener
    this.window.listener = listener
  }

  /** Every block but genesis, parents first, in the order they were sealed (what a state file saves). */
  storedBlocks(): ChainBlock[] {
    const blocks = [...this.tree.blocks()]
    return blocks.slice(1)
  }

  /** The blocks whose states the window holds, in the order it took them (what a state file saves). */
  windowBlocks(): ChainBlock[] {
    return this.window.heldBlocks()
  }

  /** How many of the newest blocks keep their state (`all`: every block, an archive). */
  get stateBlocks(): StateBlocks {
    return this.window.stateBlocks
  }

  /** Whether the state after `block` is kept (the window's blocks, the genesis, snapshots' heads). */
  hasState(block: ChainBlock): boolean {
    return this.window.isAvailable(block)
  }

  get head(): ChainBlock {
    return this.canonical.head
  }

  get genesis(): ChainBlock {
    return this.canonical.genesis
  }

  get chainId(): bigint {
    return this.engine.common.chainId()
  }

  /** The chain id the chain was made with, before any anvil_setChainId. */
  get genesisChainId(): bigint {
    return this.engine.genesisChainId
  }

  /** Canonical block by number. */
  blockByNumber(number: bigint): ChainBlock | undefined {
    return this.canonical.byNumberOf(number)
  }

  /** Any known block by hash, canonical or orphaned. */
  blockByHash(hash: Uint8Array | string): ChainBlock | undefined {
    return this.tree.get(typeof hash === 'string' ? hash : keyOf(hash))
  }

  /** The greatest height of any known block, canonical or orphaned. */
  get highestNumber(): bigint {
    return this.tree.highest
  }

  /** Every known block at height `number`, canonical or orphaned, in the order they were sealed. */
  blocksAtHeight(number: bigint): readonly ChainBlock[] {
    return this.tree.atHeight(number)
  }

  /** Every known block, canonical or not, parents before children (by number). */
  allBlocks(): ChainBlock[] {
    return [...this.tree.blocks()].sort((a, b) => (a.number < b.number ? -1 : a.number > b.number ? 1 : 0))
  }

  isCanonical(block: ChainBlock): boolean {
    return this.canonical.contains(block)
  }

  /** The number a tag stands for now (pending = head + 1). */
  tagNumber(tag: BlockTag): bigint {
    return resolveTagNumber(tag, this.head.number, this.finality)
  }

  /** A mined, canonical transaction by hash. */
  transaction(hash: Uint8Array | string): TransactionLocation | undefined {
    return this.canonical.transaction(typeof hash === 'string' ? hash : keyOf(hash))
  }

  /**
   * What this chain was started from: its genesis and rules, and its finality depths (an imported chain's
   * finalized floor belongs to its imported blocks, so it is left out).
   */
  get origin(): ChainOrigin {
    const genesis = this.engine.genesisSpec
    // Every chain starts from engine.createGenesis, which keeps the description.
    if (!genesis) throw new Error('the chain has no genesis description')
    const { safeDepth, finalizedDepth } = this.finality
    return {
      common: this.engine.common,
      chainId: this.engine.genesisChainId,
      followsForks: this.engine.followsForks,
      genesis,
      finality: { safeDepth, finalizedDepth },
      stateBlocks: this.stateBlocks,
    }
  }

  /** Adds a block built on the head and makes it the head; `stateEdits` were set on the head first. */
  extend(built: BuiltBlock, stateEdits?: readonly AccountChange[]): ChainBlock {
    const block = toChainBlock(built.block, built.executed, stateEdits)
    if (block.parentKey !== this.head.hashKey) throw new Error('block does not extend the head')
    this.tree.add(block)
    this.#storageListener?.stored(block)
    this.canonical.append(block)
    this.window.hold(block)
    this.events.emit('blockAdded', block)
    this.pruneStates()
    return block
  }

  /** Adds a block of a side branch (a reorg's replacement under construction, a block of a rebuilt chain). */
  addSideBlock(built: BuiltBlock, stateEdits?: readonly AccountChange[]): ChainBlock {
    const block = toChainBlock(built.block, built.executed, stateEdits)
    this.tree.add(block)
    this.#storageListener?.stored(block)
    this.window.hold(block)
    return block
  }

  /**
   * Makes `branch` (blocks descending from the canonical `ancestor`, oldest first) the
   * canonical chain above `ancestor`, and announces one `reorged` event.
   */
  switchTo(ancestor: ChainBlock, branch: readonly ChainBlock[]): { removed: ChainBlock[]; added: ChainBlock[] } {
    if (!this.canonical.contains(ancestor)) throw new Error('the common ancestor is not canonical')
    let parentKey = ancestor.hashKey
    for (const block of branch) {
      if (block.parentKey !== parentKey || !this.tree.get(block.hashKey)) {
        throw new Error('the new branch does not descend from the common ancestor')
      }
      parentKey = block.hashKey
    }
    const removed = this.canonical.truncateAbove(ancestor.number)
    for (const block of branch) this.canonical.append(block)
    // A snapshot's head may have left the window; as the head its state is held again.
    this.window.holdAgain(this.head)
    const added = [...branch]
    this.events.emit('reorged', { commonAncestor: ancestor, removed, added })
    this.pruneStates()
    return { removed, added }
  }

  private pruneStates(): void {
    this.window.prune(this.head, (block) => this.canonical.contains(block))
  }

  /**
   * The canonical ancestor of `tip` and the blocks from there up to `tip`, oldest first: what
   * `switchTo` needs to make any known block the head again (snapshot reverts).
   */
  pathFromCanonical(tip: ChainBlock): { ancestor: ChainBlock; branch: ChainBlock[] } {
    const branch: ChainBlock[] = []
    let cursor: ChainBlock | undefined = tip
    while (cursor && !this.canonical.contains(cursor)) {
      branch.unshift(cursor)
      cursor = this.tree.parentOf(cursor)
    }
    if (!cursor) throw new Error(`block ${tip.hashKey} does not descend from the canonical chain`)
    return { ancestor: cursor, branch }
  }

  /**
   * BLOCKHASH for a block built on `parent`: ancestors by number along `parent`'s own branch,
   * which need not be canonical while a reorg's replacement is built.
   */
  ancestorHashes(parent: ChainBlock): (number: bigint) => Uint8Array | undefined {
    return (number) => {
      if (number > parent.number) return undefined
      if (this.canonical.contains(parent)) return this.canonical.byNumberOf(number)?.hash
      let cursor: ChainBlock | undefined = parent
      while (cursor && cursor.number > number) {
        cursor = this.tree.parentOf(cursor)
        if (cursor && this.canonical.contains(cursor)) return this.canonical.byNumberOf(number)?.hash
      }
      return cursor?.hash
    }
  }
}
