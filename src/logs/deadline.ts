import { QueryTimeout } from './errors.ts'

/** How many units of work pass between two clock reads: `performance.now()` costs far more than a step. */
const STEPS_PER_CHECK = 1024

/** A `performance.now()` deadline, checked while scanning rather than after. */
export class Deadline {
  private countdown = STEPS_PER_CHECK

  /** @param at `performance.now()` time to give up at; `Infinity` for none. */
  constructor(private readonly at: number) {}

  /** Throws {@link QueryTimeout} if the deadline has passed. */
  check(): void {
    if (performance.now() > this.at) throw new QueryTimeout()
  }

  /** Counts one unit of work, checking the clock every {@link STEPS_PER_CHECK} of them. */
  step(): void {
    if (--this.countdown > 0) return
    this.countdown = STEPS_PER_CHECK
    this.check()
  }
}
