import type { ChainReader } from '../chain/chain.ts'

/**
 * The sync sends waiting for their transactions to be mined (eth_sendRawTransactionSync): one pair of listeners
 * on the chain's events for all of them, held only while some wait, so that many waits at once add no listeners
 * to the chain's emitter; every waiter checks at each change of the canonical chain.
 */
export class MinedWaits {
  readonly #waiters = new Set<() => void>()
  #watched: ChainReader | undefined

  /** `chain` is asked each time: anvil_reset and anvil_loadState give the network another one. */
  constructor(private readonly chain: () => ChainReader) {}

  /** Calls `check` after every block, reorg and replaced chain until the returned function is called. */
  watch(check: () => void): () => void {
    this.#waiters.add(check)
    this.follow()
    return () => {
      this.#waiters.delete(check)
      this.follow()
    }
  }

  /** The network's chain was replaced: the listeners move to the new one, and every waiter checks. */
  chainReplaced(): void {
    this.follow()
    this.notify()
  }

  private readonly notify = (): void => {
    for (const check of [...this.#waiters]) check()
  }

  private follow(): void {
    const wanted = this.#waiters.size > 0 ? this.chain() : undefined
    if (wanted === this.#watched) return
    this.#watched?.events.off('blockAdded', this.notify).off('reorged', this.notify)
    wanted?.events.on('blockAdded', this.notify).on('reorged', this.notify)
    this.#watched = wanted
  }
}
