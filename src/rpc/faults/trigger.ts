/**
 * When a fault acts: on a seeded fraction (`rate`) of the calls it is eligible for, at most `count` times. The
 * choices come from a generator seeded by `seed`, drawn once per eligible call, so the same calls in the same
 * order are chosen on every run.
 */
export class Trigger {
  private readonly rate: number
  private remaining: number | undefined
  private state: number

  constructor(options: { rate?: number; count?: number; seed?: number }) {
    this.rate = options.rate ?? 1
    this.remaining = options.count
    this.state = (options.seed ?? 1) >>> 0
  }

  /** Whether the fault acts on this eligible call; acting spends one of its `count`. */
  fires(): boolean {
    if (this.remaining === 0) return false
    if (this.rate < 1 && this.next() >= this.rate) return false
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

  /**
   * The next number in [0, 1) of Tommy Ettinger's Mulberry32 generator: 32 bits of state, fast, and good enough
   * to pick calls (it passes gjrand's tests); no cryptographic strength is needed here.
   */
  private next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0
    let t = this.state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}
