import type { SignedTransaction } from '../evm/index.ts'
import type { ClockState } from './clock.ts'
import type { StateOverride } from './headStateOverride.ts'
import type { StateHolder } from './stateWindow.ts'

/** What evm_revert restores: the head, the pool, the clock and state set directly on the head. */
export interface Snapshot {
  headKey: string
  /** The head's state, held by the snapshot so that a revert finds it whatever the state window let go. */
  headStateRoot: Uint8Array
  pool: SignedTransaction[]
  clock: ClockState
  stateOverride: StateOverride | undefined
}

/**
 * evm_snapshot's snapshots, by id (1, 2, 3...). Reverting to one forgets it and every later one, as in
 * Anvil and Hardhat. Each snapshot holds the states it names (the head's, and state set on it) until it
 * is forgotten.
 */
export class Snapshots {
  private readonly byId = new Map<number, Snapshot>()
  private lastId = 0
  /** Changes whenever a snapshot is taken or forgotten (a state file's journal saves them again then). */
  version = 0

  constructor(private readonly states: Pick<StateHolder, 'retainState' | 'releaseState'>) {}

  take(snapshot: Snapshot): number {
    const id = ++this.lastId
    for (const root of statesOf(snapshot)) this.states.retainState(root)
    this.byId.set(id, snapshot)
    this.version++
    return id
  }

  /** The last id given: the next snapshot's is one more. */
  get lastTaken(): number {
    return this.lastId
  }

  /**
   * Snapshots a state file saved, in place of none: each one's states come with a holder for it to take over (see
   * `statesOf`), as from a seal.
   */
  restore(entries: ReadonlyArray<readonly [id: number, snapshot: Snapshot]>, lastId: number): void {
    for (const [id, snapshot] of entries) this.byId.set(id, snapshot)
    this.lastId = lastId
    this.version++
  }

  /** The snapshots held, oldest first (anvil_metadata lists them). */
  entries(): Array<[id: number, snapshot: Snapshot]> {
    return [...this.byId.entries()]
  }

  /** Forgets every snapshot: their chain is gone (anvil_reset, anvil_loadState). Ids keep counting up. */
  clear(): void {
    for (const snapshot of this.byId.values()) for (const root of statesOf(snapshot)) this.states.releaseState(root)
    this.byId.clear()
    this.version++
  }

  /**
   * The snapshot `id`, forgetting it and every later one; `undefined` if there is none. `restore` runs
   * before the forgotten snapshots let their states go, so that it can hold what it restores.
   */
  takeBack(id: number, restore: (snapshot: Snapshot) => void): boolean {
    const snapshot = this.byId.get(id)
    if (!snapshot) return false
    const forgotten = [...this.byId].filter(([key]) => key >= id)
    for (const [key] of forgotten) this.byId.delete(key)
    this.version++
    try {
      restore(snapshot)
    } finally {
      for (const [, taken] of forgotten) for (const root of statesOf(taken)) this.states.releaseState(root)
    }
    return true
  }
}

/** The states a snapshot holds: its head's, and state set on that head. */
export function statesOf(snapshot: Snapshot): Uint8Array[] {
  return snapshot.stateOverride ? [snapshot.headStateRoot, snapshot.stateOverride.stateRoot] : [snapshot.headStateRoot]
}
