import type { Chain } from '../chain/chain.ts'
import type { ChainClock } from '../chain/clock.ts'
import type { HeadStateOverride } from '../chain/headStateOverride.ts'
import type { Snapshots } from '../chain/snapshots.ts'
import type { ChainBlock } from '../chain/types.ts'
import type { BuiltBlock, SignedTransaction, StateView } from '../evm/index.ts'
import { ProfileDraws } from './profiles/index.ts'
import type { ReorgProfile } from './profiles/index.ts'
import type { TransactionRequest } from '../accounts/transactionFields.ts'
import type { TxPool } from '../txpool/txPool.ts'
import { planAnvilReorg } from './anvilReorg.ts'
import type { Placement } from './anvilReorg.ts'
import { executeReorg, reorgAncestor } from './reorgEngine.ts'
import type { ReorgOutcome, ReorgPlan } from './reorgEngine.ts'
import type { ReorgCause, ReorgHistory } from './reorgHistory.ts'
import { planSimReorg } from './simReorg.ts'
import type { SimReorgOptions } from './simReorg.ts'

/** The parts of a network a reorg or a revert changes, what it builds and signs with, and its write queue. */
export interface ReorgContext {
  /** Runs `write` in the network's write queue. */
  queued<T>(write: () => Promise<T>): Promise<T>
  /** The network's chain now (anvil_reset and anvil_loadState replace it). */
  chain(): Chain
  pool: TxPool
  clock: ChainClock
  headState: HeadStateOverride
  snapshots: Snapshots
  history: ReorgHistory
  /** Builds and seals a block on `parent` with the network's clock, gas limit and coinbase. */
  buildOn(parent: ChainBlock, transactions: SignedTransaction[], extraData: Uint8Array): Promise<BuiltBlock>
  decode(raw: Uint8Array): SignedTransaction
  sign(request: TransactionRequest & { nonce: bigint; gas: bigint }): SignedTransaction
  stateAt(block: ChainBlock): StateView
  /** Puts transactions back in the pool where they are still admissible. */
  returnToPool(transactions: SignedTransaction[]): Promise<void>
  /** Builds on `parent` a block like `block` (its environment and transactions) with another extraData. */
  rebuildLike(parent: ChainBlock, block: ChainBlock, extraData: Uint8Array): Promise<BuiltBlock>
  /** Whether a height's block was mined by a replay of an upstream's blocks (a reorg rebuilds those as they were). */
  isReplayedHeight(number: bigint): boolean
  /** Where a reorg a profile called for and could not make is reported (the mining that drew it goes on). */
  onError(error: unknown): void
}

/** The reorg profile a network follows, with the seed its draws started from. */
export interface FollowedProfile {
  profile: ReorgProfile
  seed: number
}

/**
 * The ways a network's canonical chain goes back or sideways: sim_reorg, anvil_reorg, anvil_rollback, and
 * evm_snapshot / evm_revert. Each is one write in the queue: planned (src/reorg), executed as one switch, then
 * the pool follows the new head; every one is recorded with what made it.
 */
export class ReorgControl {
  #reorgCounter = 0
  #draws: ProfileDraws | undefined

  constructor(
    private readonly network: ReorgContext,
    profile?: FollowedProfile,
  ) {
    if (profile && profile.profile.probability > 0) this.#draws = new ProfileDraws(profile.profile, profile.seed)
  }

  /** The reorg profile the network follows (none: undefined), and its seed. */
  get profile(): FollowedProfile | undefined {
    return this.#draws && { profile: this.#draws.profile, seed: this.#draws.seed }
  }

  /**
   * sim_reorgProfile: follows `profile` from the next mined block on, its draws starting again from `seed`;
   * undefined (or a profile that never reorganizes) stops it.
   */
  setProfile(followed: FollowedProfile | undefined): Promise<void> {
    return this.network.queued(async () => {
      this.#draws = followed && followed.profile.probability > 0 ? new ProfileDraws(followed.profile, followed.seed) : undefined
    })
  }

  /**
   * After each mined block (inside the write that mined it): the profile's draw, and the reorg it calls for,
   * never past `finalized` (nor the chain's first block): a deeper draw is cut to what may be removed.
   */
  async afterMined(): Promise<void> {
    const draws = this.#draws
    const drawn = draws?.afterBlock()
    if (!draws || drawn === undefined) return
    const chain = this.network.chain()
    const finalized = chain.tagNumber('finalized')
    const floor = finalized > chain.genesis.number ? finalized : chain.genesis.number
    const depth = Math.min(drawn, Number(chain.head.number - floor))
    if (depth < 1) return
    try {
      await this.profileReorg(depth, draws)
    } catch (error) {
      // All or nothing: the chain is as it was; the block that drew it stays mined.
      this.network.onError(error)
    }
  }

  /**
   * The reorganisations of this network's chain (what made each, what it removed and added), newest kept;
   * those of a chain that anvil_reset or anvil_loadState replaced went with its blocks.
   */
  get history(): Pick<ReorgHistory, 'touching' | 'total'> {
    return this.network.history
  }

  /** The evm_snapshot ids held, oldest first, with the head each one goes back to. */
  get snapshots(): Array<{ id: number; head: ChainBlock }> {
    const chain = this.network.chain()
    return this.network.snapshots.entries().flatMap(([id, snapshot]) => {
      const head = chain.blockByHash(snapshot.headKey)
      return head ? [{ id, head }] : []
    })
  }

  /**
   * sim_reorg: replaces the newest `depth` blocks with a new branch. Orphaned transactions are
   * re-mined at other positions or returned to the pool; `drop` discards, `add` inserts.
   */
  simReorg(options: SimReorgOptions): Promise<ReorgOutcome> {
    return this.network.queued(async () => {
      const { pool } = this.network
      const plan = planSimReorg(this.network.chain(), options, { isPooled: (key) => pool.has(key), decode: (raw) => this.network.decode(raw) })
      pool.remove(plan.drop)
      const outcome = await this.reorgWith(plan, 'simReorg')
      const back = options.reinclude === 'none' ? plan.kept : outcome.notIncluded
      await this.network.returnToPool(back.filter((s) => !plan.drop.has(s.hashKey)))
      return outcome
    })
  }

  /**
   * anvil_reorg: replaces the newest `depth` blocks with as many new ones, holding the given
   * transactions at the given block indexes; orphaned transactions are dropped (Anvil's rule). A given
   * transaction that cannot run where it is placed goes to the pool.
   */
  anvilReorg(depth: number, placements: readonly Placement[], force = false): Promise<ReorgOutcome> {
    return this.network.queued(async () => {
      const plan = await planAnvilReorg(this.network.chain(), depth, placements, force, {
        decode: (raw) => this.network.decode(raw),
        sign: (request) => this.network.sign(request),
        nonceAt: (block, address) => this.network.stateAt(block).getNonce(address),
      })
      const outcome = await this.reorgWith(plan, 'anvilReorg')
      // A given transaction that could not run where it was placed (a nonce gap) waits in the pool, as
      // sim_reorg's do, rather than vanishing.
      await this.network.returnToPool(outcome.notIncluded)
      return outcome
    })
  }

  /** anvil_rollback: removes the newest `depth` blocks without replacing them. */
  rollback(depth: number, force = false): Promise<ReorgOutcome> {
    return this.network.queued(() => this.reorgWith({ ancestor: reorgAncestor(this.network.chain(), depth, force), length: 0, blocks: [] }, 'rollback'))
  }

  /** evm_snapshot: remembers the head, the pool, the clock and state set on the head; returns the id. */
  snapshot(): Promise<number> {
    return this.network.queued(async () => {
      const { head } = this.network.chain()
      return this.network.snapshots.take({
        headKey: head.hashKey,
        headStateRoot: head.stateRoot,
        pool: this.network.pool.all(),
        clock: this.network.clock.snapshot(),
        stateOverride: this.network.headState.save(),
      })
    })
  }

  /**
   * evm_revert: makes the snapshot's head the head again (filters and subscriptions see the
   * removed blocks as a reorg), restores pool and clock, and forgets this and later snapshots.
   */
  revert(id: number): Promise<boolean> {
    return this.network.queued(async () =>
      this.network.snapshots.takeBack(id, (snapshot) => {
        const chain = this.network.chain()
        const target = chain.blockByHash(snapshot.headKey) as ChainBlock
        if (target.hashKey !== chain.head.hashKey) {
          const { ancestor, branch } = chain.pathFromCanonical(target)
          this.network.history.add('revert', { commonAncestor: ancestor, ...chain.switchTo(ancestor, branch) })
        }
        this.network.pool.clear()
        for (const signed of snapshot.pool) this.network.pool.add(signed)
        this.network.clock.restore(snapshot.clock)
        this.network.headState.restore(snapshot.stateOverride)
      }),
    )
  }

  /**
   * A reorg of `depth` blocks as the profile says. Replayed blocks are the upstream's history, which the replay
   * goes on checking: a reorg reaching them rebuilds every removed block with its own transactions, in its order
   * (only the hashes change). Otherwise each orphaned transaction is re-included, sent back to the pool or dropped
   * by a draw (a sender's later transactions wait in the pool behind one that is not re-included), and the
   * re-included ones are mined from the new branch's first block, in a new order when the profile reorders.
   */
  private async profileReorg(depth: number, draws: ProfileDraws): Promise<void> {
    const chain = this.network.chain()
    const ancestor = reorgAncestor(chain, depth, false)
    const removed: ChainBlock[] = []
    for (let n = ancestor.number + 1n; n <= chain.head.number; n++) removed.push(chain.blockByNumber(n) as ChainBlock)
    if (removed.some((block) => this.network.isReplayedHeight(block.number))) {
      const extraData = new TextEncoder().encode(`chainsim reorg ${++this.#reorgCounter}`)
      const branch: ChainBlock[] = []
      let parent = ancestor
      for (const block of removed) {
        parent = chain.addSideBlock(await this.network.rebuildLike(parent, block, extraData), block.stateEdits)
        branch.push(parent)
      }
      const switched = chain.switchTo(ancestor, branch)
      this.network.history.add('profile', { commonAncestor: ancestor, ...switched })
      return
    }
    const reincluded = new Map<string, SignedTransaction[]>()
    const back: SignedTransaction[] = []
    const held = new Set<string>()
    for (const signed of removed.flatMap((block) => block.transactions.map((e) => e.signed))) {
      // Every transaction draws, whatever its sender's earlier ones did: the draws stay the same for the same blocks.
      const fate = draws.fate()
      if (fate === 'reinclude' && !held.has(signed.fromKey)) {
        reincluded.set(signed.fromKey, [...(reincluded.get(signed.fromKey) ?? []), signed])
        continue
      }
      held.add(signed.fromKey)
      if (fate !== 'drop') back.push(signed)
    }
    const lists = [...reincluded.values()]
    const ordered = draws.profile.transactions.reorder
      ? draws.interleave(lists)
      : removed.flatMap((b) => b.transactions.map((e) => e.signed)).filter((s) => reincluded.get(s.fromKey)?.includes(s))
    const outcome = await this.reorgWith({ ancestor, length: depth, blocks: [ordered] }, 'profile')
    await this.network.returnToPool([...back, ...outcome.notIncluded])
  }

  private async reorgWith(plan: ReorgPlan, cause: ReorgCause): Promise<ReorgOutcome> {
    const chain = this.network.chain()
    const outcome = await executeReorg(
      chain,
      plan,
      (parent, transactions, extraData) => this.network.buildOn(parent, transactions, extraData),
      ++this.#reorgCounter,
    )
    this.network.history.add(cause, outcome)
    const state = this.network.stateAt(chain.head)
    await this.network.pool.removeStale((from) => state.getNonce(from))
    return outcome
  }
}
