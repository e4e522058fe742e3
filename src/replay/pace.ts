import type { ReplaySpeed } from './types.ts'

/** The most times real time a replay may run at (beyond it, `fast` says the same thing). */
export const MAX_SPEED_FACTOR = 1_000_000

/**
 * When each replayed block is due. `fast`: at once. `realtime` and X: the upstream's time between blocks,
 * divided by X, measured from an anchor (a wall-clock moment and the upstream timestamp it stands for) that
 * is set again whenever the replay starts, resumes or changes speed, so a pause does not make blocks pile up.
 */
export class ReplayPace {
  #speed: ReplaySpeed
  #anchor: { wallMs: number; timestamp: bigint } | undefined

  constructor(
    speed: ReplaySpeed,
    private readonly nowMs: () => number = Date.now,
  ) {
    this.#speed = speed
  }

  get speed(): ReplaySpeed {
    return this.#speed
  }

  set speed(speed: ReplaySpeed) {
    this.#speed = speed
    this.#anchor = undefined
  }

  /** Forgets the anchor: the next block is measured from when it is asked for (a resume). */
  reset(): void {
    this.#anchor = undefined
  }

  /**
   * Milliseconds to wait before mining a block stamped `timestamp` whose parent was stamped `parentTimestamp`
   * (0 when it is due).
   */
  delayMs(parentTimestamp: bigint, timestamp: bigint): number {
    const factor = this.#speed === 'fast' ? undefined : this.#speed === 'realtime' ? 1 : this.#speed
    if (factor === undefined) return 0
    this.#anchor ??= { wallMs: this.nowMs(), timestamp: parentTimestamp }
    const due = this.#anchor.wallMs + (Number(timestamp - this.#anchor.timestamp) * 1000) / factor
    return Math.max(0, due - this.nowMs())
  }
}
