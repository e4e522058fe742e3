/**
 * Numbers in [0, 1) from Tommy Ettinger's Mulberry32 generator: 32 bits of state, fast, and good enough to pick
 * calls or draw reorgs (it passes gjrand's tests); no cryptographic strength is needed. The same seed gives the
 * same numbers on every run, which is what makes faults and reorg profiles repeat.
 */
export class SeededRandom {
  private state: number

  constructor(seed: number) {
    this.state = seed >>> 0
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0
    let t = this.state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}
