import type { SignedTransaction } from '../evm/index.ts'
import type { ClockState } from './clock.ts'
import type { StateOverride } from './headStateOverride.ts'

/** What evm_revert restores: the head, the pool, the clock and state set directly on the head. */
export interface Snapshot {
  headKey: string
  pool: SignedTransaction[]
  clock: ClockState
  stateOverride: StateOverride | undefined
}

/**
 * evm_snapshot's snapshots, by id (1, 2, 3...). Reverting to one forgets it and every later one, as in
 * Anvil and Hardhat.
 */
export class Snapshots {
  private readonly byId = new Map<number, Snapshot>()
  private lastId = 0

  take(snapshot: Snapshot): number {
    const id = ++this.lastId
    this.byId.set(id, snapshot)
    return id
  }

  /** The snapshots held, oldest first (anvil_metadata lists them). */
  entries(): Array<[id: number, snapshot: Snapshot]> {
    return [...this.byId.entries()]
  }

  /** Forgets every snapshot: their chain is gone (anvil_reset, anvil_loadState). Ids keep counting up. */
  clear(): void {
    this.byId.clear()
  }

  /** The snapshot `id`, forgetting it and every later one; `undefined` if there is none. */
  takeBack(id: number): Snapshot | undefined {
    const snapshot = this.byId.get(id)
    if (!snapshot) return undefined
    for (const key of [...this.byId.keys()]) if (key >= id) this.byId.delete(key)
    return snapshot
  }
}
