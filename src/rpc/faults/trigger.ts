import { SeededRandom } from '../../seededRandom.ts'

/**
 * When a fault acts: on a seeded fraction (`rate`) of the calls it is eligible for, at most `count` times. The
 * choices come from a generator seeded by `seed`, drawn once per eligible call, so the same calls in the same
 * order are chosen on every run.
 */
export class Trigger {
  private readonly rate: number
  private remaining: number | undefined
  private readonly random: SeededRandom

  constructor(options: { rate?: number; count?: number; seed?: number }) {
    this.rate = options.rate ?? 1
    this.remaining = options.count
    this.random = new SeededRandom(options.seed ?? 1)
  }

  /** Whether the fault acts on this eligible call; acting spends one of its `count`. */
  fires(): boolean {
    if (this.remaining === 0) return false
    if (this.rate < 1 && this.random.next() >= this.rate) return false
    if (this.remaining !== undefined) this.remaining--
    return true
  }

  /** Times it may still act; undefined when unbounded. */
  get left(): number | undefined {
    return this.remaining
  }

  /** Spent: it will not act again. */
  get spent(): boolean {
    return this.remaining === 0
  }
}
