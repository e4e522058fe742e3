import type { Chain } from '../chain/chain.ts'
import type { ReorgEvent } from '../chain/events.ts'
import type { ChainBlock } from '../chain/types.ts'
import { AddressIndex } from './addressIndex.ts'
import type { TransactionPlace } from './addressIndex.ts'

/** A page of an address's history, newest first, and whether it is the newest or the oldest page. */
export interface HistoryPage {
  places: TransactionPlace[]
  firstPage: boolean
  lastPage: boolean
}

/**
 * A network's transactions by address (ots_searchTransactions*, ots_getTransactionBySenderAndNonce,
 * ots_getContractCreator): the address index kept on its canonical chain, the blocks it holds, then every block
 * added and every reorg it announces, so that it sees the canonical chain only, as eth_getLogs does.
 */
export class AddressHistory {
  readonly #index = new AddressIndex()
  #chain: Chain
  readonly #indexBlock = (block: ChainBlock) => this.#index.append(block.number, block.transactions)
  readonly #indexReorg = ({ commonAncestor, added }: ReorgEvent) => {
    this.#index.truncate(commonAncestor.number + 1n)
    for (const block of added) this.#indexBlock(block)
  }

  constructor(chain: Chain) {
    this.#chain = chain
    this.indexFrom(chain)
  }

  /** Indexes `chain` in place of the one followed so far, which its owner has just taken back to genesis. */
  follow(chain: Chain): void {
    this.#chain.events.off('blockAdded', this.#indexBlock)
    this.#chain.events.off('reorged', this.#indexReorg)
    this.#chain = chain
    this.#index.truncate(0n)
    this.indexFrom(chain)
  }

  /** Every canonical transaction touching `address`, in chain order. */
  placesOf(address: Uint8Array): readonly TransactionPlace[] {
    return this.#index.placesOf(address)
  }

  /**
   * ots_searchTransactionsBefore as Anvil pages it: the transactions touching `address` in blocks below `block`
   * (0: from the head down), newest first, whole blocks at a time until `pageSize` is reached. `lastPage`: the
   * walk reached the chain's first block.
   */
  before(address: Uint8Array, block: bigint, pageSize: number): HistoryPage {
    const head = this.#chain.head.number
    const top = block === 0n ? head : block - 1n
    const places = this.#index.placesOf(address)
    const page: TransactionPlace[] = []
    let at = upperBound(places, top) - 1
    for (; at >= 0 && page.length < pageSize; ) {
      const height = places[at]!.block
      for (; at >= 0 && places[at]!.block === height; at--) page.push(places[at]!)
    }
    const filled = page.length >= pageSize
    const lowest = page.at(-1)?.block
    // Anvil stops at the block after the one that filled the page, unless that was the first block after genesis.
    const lastPage = !filled || lowest === this.#chain.genesis.number + 1n
    return { places: page, firstPage: top >= head, lastPage }
  }

  /**
   * ots_searchTransactionsAfter as Anvil pages it: the transactions touching `address` in blocks above `block`
   * (0: from the first block up), whole blocks at a time until `pageSize` is reached, answered newest first.
   * `firstPage`: the walk reached the head; `lastPage`: it started at the chain's first block.
   */
  after(address: Uint8Array, block: bigint, pageSize: number): HistoryPage {
    const head = this.#chain.head.number
    const firstBlock = this.#chain.genesis.number + 1n
    const bottom = block === 0n ? firstBlock : block + 1n
    const places = this.#index.placesOf(address)
    const page: TransactionPlace[] = []
    let at = upperBound(places, bottom - 1n)
    for (; at < places.length && page.length < pageSize; ) {
      const height = places[at]!.block
      for (; at < places.length && places[at]!.block === height; at++) page.push(places[at]!)
    }
    const filled = page.length >= pageSize
    const highest = page.at(-1)?.block
    return { places: page.reverse(), firstPage: bottom >= head || !filled || highest === head, lastPage: bottom === firstBlock }
  }

  private indexFrom(chain: Chain): void {
    for (let n = chain.genesis.number; n <= chain.head.number; n++) this.#indexBlock(chain.blockByNumber(n) as ChainBlock)
    chain.events.on('blockAdded', this.#indexBlock)
    chain.events.on('reorged', this.#indexReorg)
  }
}

/** The first position in `places` whose block is above `block`. */
function upperBound(places: readonly TransactionPlace[], block: bigint): number {
  let low = 0
  let high = places.length
  while (low < high) {
    const middle = (low + high) >> 1
    if (places[middle]!.block <= block) low = middle + 1
    else high = middle
  }
  return low
}
