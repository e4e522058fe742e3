import type { Chain } from '../chain/chain.ts'
import { StateUnavailable } from '../chain/errors.ts'
import type { ReorgEvent } from '../chain/events.ts'
import type { ChainBlock } from '../chain/types.ts'
import type { CallFrame } from '../evm/index.ts'
import { AddressIndex } from './addressIndex.ts'
import type { TransactionPlace } from './addressIndex.ts'
import { touchedAddresses } from './touchedAddresses.ts'

/** A page of an address's history, newest first, and whether it is the newest or the oldest page. */
export interface HistoryPage {
  places: TransactionPlace[]
  firstPage: boolean
  lastPage: boolean
}

/** The call tree of each transaction of a block, re-executed on the state it ran on. */
export type BlockCallFrames = (block: ChainBlock) => Promise<CallFrame[]>

/**
 * A network's transactions by address (ots_searchTransactions*, ots_getTransactionBySenderAndNonce,
 * ots_getContractCreator): the address index over its canonical chain, so that it sees the canonical chain only,
 * as eth_getLogs does. A reorg takes the index back to the common ancestor. The index is completed when it is
 * read: the blocks mined since the last read are re-executed once each for their call trees (internal calls
 * count, as in Anvil's search), so mining pays nothing for it, the first read pays for the blocks before it, and
 * every later read for the blocks mined since, and then for the page it returns.
 */
export class AddressHistory {
  readonly #index = new AddressIndex()
  #chain: Chain
  #catchingUp: Promise<void> = Promise.resolve()
  readonly #forgetReorged = ({ commonAncestor }: ReorgEvent) => this.#index.truncate(commonAncestor.number + 1n)

  constructor(
    chain: Chain,
    private readonly callFrames: BlockCallFrames,
  ) {
    this.#chain = chain
    chain.events.on('reorged', this.#forgetReorged)
  }

  /** Indexes `chain` in place of the one followed so far, which its owner has just taken back to genesis. */
  follow(chain: Chain): void {
    this.#chain.events.off('reorged', this.#forgetReorged)
    this.#chain = chain
    this.#index.truncate(0n)
    chain.events.on('reorged', this.#forgetReorged)
  }

  /** Every canonical transaction touching `address`, in chain order. */
  async placesOf(address: Uint8Array): Promise<readonly TransactionPlace[]> {
    await this.caughtUp()
    return this.#index.placesOf(address)
  }

  /**
   * ots_searchTransactionsBefore as Anvil pages it: the transactions touching `address` in blocks below `block`
   * (0: from the head down), newest first, whole blocks at a time until `pageSize` is reached. `lastPage`: the
   * walk reached the chain's first block.
   */
  async before(address: Uint8Array, block: bigint, pageSize: number): Promise<HistoryPage> {
    await this.caughtUp()
    const head = this.#chain.head.number
    const top = block === 0n ? head : block - 1n
    const places = this.#index.placesOf(address)
    const page: TransactionPlace[] = []
    let at = upperBound(places, top) - 1
    while (at >= 0 && page.length < pageSize) {
      const height = places[at]!.block
      for (; at >= 0 && places[at]!.block === height; at--) page.push(places[at]!)
    }
    const filled = page.length >= pageSize
    // Anvil stops at the block after the one that filled the page, unless that was the first block after genesis.
    const lastPage = !filled || page.at(-1)?.block === this.#chain.genesis.number + 1n
    return { places: page, firstPage: top >= head, lastPage }
  }

  /**
   * ots_searchTransactionsAfter as Anvil pages it: the transactions touching `address` in blocks above `block`
   * (0: from the first block up), whole blocks at a time until `pageSize` is reached, answered newest first.
   * `firstPage`: the walk reached the head; `lastPage`: it started at the chain's first block.
   */
  async after(address: Uint8Array, block: bigint, pageSize: number): Promise<HistoryPage> {
    await this.caughtUp()
    const head = this.#chain.head.number
    const firstBlock = this.#chain.genesis.number + 1n
    const bottom = block === 0n ? firstBlock : block + 1n
    const places = this.#index.placesOf(address)
    const page: TransactionPlace[] = []
    let at = upperBound(places, bottom - 1n)
    while (at < places.length && page.length < pageSize) {
      const height = places[at]!.block
      for (; at < places.length && places[at]!.block === height; at++) page.push(places[at]!)
    }
    const filled = page.length >= pageSize
    const firstPage = bottom >= head || !filled || page.at(-1)?.block === head
    return { places: page.reverse(), firstPage, lastPage: bottom === firstBlock }
  }

  /**
   * Resolves once every canonical block up to the head is indexed; one catch-up runs at a time. A catch-up that
   * failed (a block whose re-execution outlasted the trace timeout) fails its own search, not the next one's.
   */
  private caughtUp(): Promise<void> {
    const next = this.#catchingUp.catch(() => undefined).then(() => this.catchUp())
    this.#catchingUp = next
    return next
  }

  private async catchUp(): Promise<void> {
    for (;;) {
      const chain = this.#chain
      const next = this.#index.nextBlock ?? chain.genesis.number + 1n
      const block = chain.blockByNumber(next)
      if (!block || next > chain.head.number) return
      const frames = await this.framesOf(block)
      // A reorg or a reset while the block was re-executed: index what is canonical now instead.
      if (this.#chain !== chain || (this.#index.nextBlock ?? chain.genesis.number + 1n) !== next || chain.blockByNumber(next)?.hashKey !== block.hashKey)
        continue
      this.#index.append(
        next,
        block.transactions.map((executed, index) => touchedAddresses(executed, frames?.[index])),
      )
    }
  }

  private async framesOf(block: ChainBlock): Promise<CallFrame[] | undefined> {
    if (block.transactions.length === 0) return undefined
    try {
      return await this.callFrames(block)
    } catch (error) {
      // Blocks older than the state window cannot be re-executed: their receipts say what they can.
      if (error instanceof StateUnavailable) return undefined
      throw error
    }
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
