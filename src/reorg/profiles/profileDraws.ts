import { SeededRandom } from '../../seededRandom.ts'
import type { ReorgProfile } from './reorgProfile.ts'

/** What becomes of one transaction of a reorganized block. */
export type TransactionFate = 'reinclude' | 'pool' | 'drop'

/**
 * The random choices a reorg profile makes, from a generator seeded once: whether a reorg follows a mined block
 * and how deep (one draw a block, one more when it does), and what becomes of each orphaned transaction. The
 * same seed and the same blocks give the same choices, so the same hashes.
 */
export class ProfileDraws {
  readonly #random: SeededRandom
  readonly #totalWeight: number

  constructor(
    readonly profile: ReorgProfile,
    readonly seed: number,
  ) {
    this.#random = new SeededRandom(seed)
    this.#totalWeight = profile.depths.reduce((sum, d) => sum + d.weight, 0)
  }

  /** After a mined block: the depth of the reorg that follows it, or undefined for none. */
  afterBlock(): number | undefined {
    if (this.profile.probability === 0) return undefined
    if (this.#random.next() >= this.profile.probability) return undefined
    let point = this.#random.next() * this.#totalWeight
    for (const { depth, weight } of this.profile.depths) {
      point -= weight
      if (point < 0) return depth
    }
    return (this.profile.depths.at(-1) as { depth: number }).depth
  }

  /** Whether one orphaned transaction is mined again in the new branch, goes back to the pool, or is dropped. */
  fate(): TransactionFate {
    const { reinclude, drop } = this.profile.transactions
    const point = this.#random.next()
    if (point < reinclude) return 'reinclude'
    if (point < reinclude + drop) return 'drop'
    return 'pool'
  }

  /** The lists merged in a random order, each list's own order kept (each sender's transactions in nonce order). */
  interleave<T>(lists: readonly T[][]): T[] {
    const queues = lists.filter((list) => list.length > 0).map((list) => [...list])
    const merged: T[] = []
    let left = queues.reduce((sum, q) => sum + q.length, 0)
    while (left > 0) {
      // A list is taken from in proportion to what it still holds, as a uniform shuffle would.
      let point = Math.floor(this.#random.next() * left)
      const queue = queues.find((q) => (point -= q.length) < 0) as T[]
      merged.push(queue.shift() as T)
      left--
    }
    return merged
  }
}
