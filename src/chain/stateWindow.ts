import type { ChainStorageListener } from './chainStorageListener.ts'
import type { ChainBlock } from './types.ts'

/** How many blocks' states a chain keeps: the newest `n` (a number), or every one (`'all'`, an archive). */
export type StateBlocks = number | 'all'

/** The default window: 256 blocks, and at least 64 below `finalized`, so any reorg short of it can be built. */
export function defaultStateBlocks(finalizedDepth: bigint): number {
  return Math.max(256, Number(finalizedDepth) + 64)
}

/** What the window asks of the engine that keeps the states. */
export interface StateHolder {
  releaseState(stateRoot: Uint8Array): void
  retainState(stateRoot: Uint8Array): void
  hasState(stateRoot: Uint8Array): boolean
}

/**
 * The block states a chain holds: every sealed block's state is held when it is added, and let go
 * once the block is `stateBlocks` or more below the head (and every block sealed before it has been
 * let go); side-branch blocks (orphaned by a reorg or a revert) keep theirs while at most
 * 2 × `stateBlocks` states are held in all, the oldest let go first, so that reorgs and reverts
 * repeated without end stay bounded. The head's state is always held. The genesis state is held by
 * the chain itself, never here (it is small, and `earliest` names it).
 */
export class StateWindow {
  /** Held blocks by hash, in the order they were held. */
  private readonly held = new Map<string, ChainBlock>()
  /** Told of each block held and let go (a state file's journal). */
  listener: Pick<ChainStorageListener, 'held' | 'letGo'> | undefined

  constructor(
    private readonly states: StateHolder,
    readonly stateBlocks: StateBlocks,
  ) {}

  /** Takes over the holder of a block's state that its sealing made. */
  hold(block: ChainBlock): void {
    this.held.set(block.hashKey, block)
    this.listener?.held(block)
  }

  /** The blocks whose states the window holds, in the order they were held. */
  heldBlocks(): ChainBlock[] {
    return [...this.held.values()]
  }

  /** Holds `block`'s state again if it is kept (by a snapshot) but no longer by the window. */
  holdAgain(block: ChainBlock): void {
    if (this.held.has(block.hashKey) || !this.states.hasState(block.stateRoot)) return
    this.states.retainState(block.stateRoot)
    this.hold(block)
  }

  /** Whether `block`'s state is kept, by the window or anything else (a snapshot). */
  isAvailable(block: ChainBlock): boolean {
    return this.states.hasState(block.stateRoot)
  }

  /**
   * Lets go of what falls out of the window after a change of head: blocks are held in the order they were
   * sealed, so the ones to let go are at the front (a prune costs what it lets go). Side-branch blocks held
   * past the window's size in all are let go oldest first.
   */
  prune(head: ChainBlock, isCanonical: (block: ChainBlock) => boolean): void {
    const size = this.stateBlocks
    if (size === 'all') return
    const cutoff = head.number - BigInt(size)
    for (const block of this.held.values()) {
      if (block.number > cutoff || block.hashKey === head.hashKey) break
      this.letGo(block)
    }
    let excess = this.held.size - 2 * size
    if (excess <= 0) return
    for (const block of this.held.values()) {
      if (excess === 0) break
      if (block.hashKey === head.hashKey || isCanonical(block)) continue
      this.letGo(block)
      excess--
    }
  }

  private letGo(block: ChainBlock): void {
    this.held.delete(block.hashKey)
    this.states.releaseState(block.stateRoot)
    this.listener?.letGo(block)
  }
}
