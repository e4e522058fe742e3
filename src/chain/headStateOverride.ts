import type { AccountChange } from '../evm/index.ts'
import type { Chain } from './chain.ts'
import type { StateHolder } from './stateWindow.ts'
import type { ChainBlock } from './types.ts'

/** A state root set directly on one head block (anvil_setBalance...), and the changes that made it. */
export interface StateOverride {
  headKey: string
  stateRoot: Uint8Array
  /** Every change set on this head, in order: applied to the head's own state they give `stateRoot`. */
  changes: readonly AccountChange[]
}

/**
 * State set directly on the head, as Anvil does (anvil_setBalance, anvil_setCode...): reads, calls and the
 * pending block see it at once, and the next block mined on that head carries it (the chain keeps the
 * changes with that block, so a saved chain can be executed again). Once another block is the head, the
 * change lives in that block's own state (or is gone, if a reorg replaced the head), and the override lets
 * its state go.
 */
export class HeadStateOverride {
  private current: StateOverride | undefined
  #version = 0
  #followed: Chain | undefined
  readonly #headChanged = () => this.forgetUnless((this.#followed as Chain).head)

  /** `states` keeps the override's state while it is set; it holds one holder of each state set. */
  constructor(private readonly states: Pick<StateHolder, 'retainState' | 'releaseState'>) {}

  /** Changes with every set or restore, so that anything built on the head's state is rebuilt. */
  get version(): number {
    return this.#version
  }

  /** The state `block` stands for: its own, or the override while it is on `head`. */
  stateRootOf(block: Pick<ChainBlock, 'stateRoot'> & Partial<Pick<ChainBlock, 'hashKey'>>, head: ChainBlock): Uint8Array {
    const override = this.current
    if (override && block.hashKey === override.headKey && block.hashKey === head.hashKey) return override.stateRoot
    return block.stateRoot
  }

  /** The changes set on `head` while it is the head (none once another block is). */
  changesOn(head: ChainBlock): readonly AccountChange[] {
    return this.current?.headKey === head.hashKey ? this.current.changes : []
  }

  /**
   * Records `changes`, which took the head's state to `stateRoot`, taking over the one holder its maker
   * gave that state.
   */
  set(head: ChainBlock, stateRoot: Uint8Array, changes: readonly AccountChange[]): void {
    this.replace({ headKey: head.hashKey, stateRoot, changes: [...this.changesOn(head), ...changes] })
  }

  /** What a snapshot keeps (the snapshot holds the state itself). */
  save(): StateOverride | undefined {
    return this.current
  }

  restore(saved: StateOverride | undefined): void {
    if (saved) this.states.retainState(saved.stateRoot)
    this.replace(saved)
  }

  /**
   * Lets the override go whenever another block becomes `chain`'s head, in place of the chain followed so far
   * (anvil_reset and anvil_loadState replace it).
   */
  follow(chain: Chain): void {
    this.#followed?.events.off('blockAdded', this.#headChanged)
    this.#followed?.events.off('reorged', this.#headChanged)
    this.#followed = chain
    chain.events.on('blockAdded', this.#headChanged)
    chain.events.on('reorged', this.#headChanged)
  }

  /** Lets the override go once `head` is another block: from then on it is nobody's state. */
  private forgetUnless(head: ChainBlock): void {
    if (this.current && this.current.headKey !== head.hashKey) this.replace(undefined)
  }

  private replace(next: StateOverride | undefined): void {
    if (this.current) this.states.releaseState(this.current.stateRoot)
    this.current = next
    this.#version++
  }
}
