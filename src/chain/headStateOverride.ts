import type { ChainBlock } from './types.ts'

/** A state root set directly on one head block (anvil_setBalance...). */
export interface StateOverride {
  headKey: string
  stateRoot: Uint8Array
}

/**
 * State set directly on the head, as Anvil does (anvil_setBalance, anvil_setCode...): reads, calls and the
 * pending block see it at once, and the next block mined on that head carries it. Once another block is the
 * head, the change lives in that block's own state (or is gone, if a reorg replaced the head).
 */
export class HeadStateOverride {
  private current: StateOverride | undefined
  private changes = 0

  /** Changes with every set or restore, so that anything built on the head's state is rebuilt. */
  get version(): number {
    return this.changes
  }

  /** The state `block` stands for: its own, or the override while it is on `head`. */
  stateRootOf(block: { block: ChainBlock['block'] } & Partial<Pick<ChainBlock, 'hashKey'>>, head: ChainBlock): Uint8Array {
    const override = this.current
    if (override && block.hashKey === override.headKey && block.hashKey === head.hashKey) return override.stateRoot
    return block.block.header.stateRoot
  }

  set(head: ChainBlock, stateRoot: Uint8Array): void {
    this.current = { headKey: head.hashKey, stateRoot }
    this.changes++
  }

  /** What a snapshot keeps. */
  save(): StateOverride | undefined {
    return this.current
  }

  restore(saved: StateOverride | undefined): void {
    this.current = saved
    this.changes++
  }
}
