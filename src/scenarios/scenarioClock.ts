/**
 * The scenario's own clock, in milliseconds. During playback it moves only when a `wait` step moves it, so
 * filter expiry and interval mining happen at the same point of every run, at once. Once the played chain
 * is served, {@link release} lets it run with the wall clock from where playback left it.
 */
export class ScenarioClock {
  private virtualMs: number
  private releasedAt: number | undefined

  constructor(startMs: number) {
    this.virtualMs = startMs
  }

  /** The current time, ms (for ChainNode's `filterClock`). */
  readonly now = (): number => (this.releasedAt === undefined ? this.virtualMs : this.virtualMs + (Date.now() - this.releasedAt))

  /** Moves the clock forward to `ms` (never back). */
  advanceTo(ms: number): void {
    if (this.releasedAt !== undefined) throw new Error('the scenario clock runs with the wall clock now')
    if (ms > this.virtualMs) this.virtualMs = ms
  }

  /** From now on time passes with the wall clock. */
  release(): void {
    this.releasedAt ??= Date.now()
  }
}
