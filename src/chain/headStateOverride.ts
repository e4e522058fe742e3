import type { AccountChange } from '../evm/index.ts'
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
 * change lives in that block's own state (or is gone, if a reorg replaced the head).
 */
export class HeadStateOverride {
  private current: StateOverride | undefined
  #version = 0

  /** Changes with every set or restore, so that anything built on the head's state is rebuilt. */
  get version(): number {
    return this.#version
  }

  /** The state `block` stands for: its own, or the override while it is on `head`. */
  stateRootOf(block: { block: ChainBlock['block'] } & Partial<Pick<ChainBlock, 'hashKey'>>, head: ChainBlock): Uint8Array {
    const override = this.current
    if (override && block.hashKey === override.headKey && block.hashKey === head.hashKey) return override.stateRoot
    return block.block.header.stateRoot
  }

  /** The changes set on `head` while it is the head (none once another block is). */
  changesOn(head: ChainBlock): readonly AccountChange[] {
    return this.current?.headKey === head.hashKey ? this.current.changes : []
  }

  /** Records `changes`, which took the head's state to `stateRoot`. */
  set(head: ChainBlock, stateRoot: Uint8Array, changes: readonly AccountChange[]): void {
    this.current = { headKey: head.hashKey, stateRoot, changes: [...this.changesOn(head), ...changes] }
    this.#version++
  }

  /** What a snapshot keeps. */
  save(): StateOverride | undefined {
    return this.current
  }

  restore(saved: StateOverride | undefined): void {
    this.current = saved
    this.#version++
  }
}
