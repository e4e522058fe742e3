import { bytesToHex } from '../evm/index.ts'

/** Where a transaction sits on the canonical chain. */
export interface TransactionPlace {
  readonly block: bigint
  readonly index: number
}

/**
 * The canonical chain's transactions by the addresses they touch (lower-case hex, each transaction once per
 * address). Each address's places are kept in chain order, so a page of an address's history costs the page, not
 * the chain. Blocks are appended in order and truncated from a height on a reorg, as the log index is.
 */
export class AddressIndex {
  readonly #places = new Map<string, TransactionPlace[]>()
  /** Per appended block, from the lowest: the addresses given places in it, to take them back on truncation. */
  readonly #blocks: { number: bigint; addresses: string[] }[] = []

  /** The block after the last appended (the first block to append at the start). */
  get nextBlock(): bigint | undefined {
    const last = this.#blocks.at(-1)
    return last && last.number + 1n
  }

  /** Block `number`'s transactions, by the addresses each touches. */
  append(number: bigint, addressesByTransaction: readonly ReadonlySet<string>[]): void {
    const touched: string[] = []
    addressesByTransaction.forEach((addresses, index) => {
      for (const address of addresses) {
        let places = this.#places.get(address)
        if (!places) this.#places.set(address, (places = []))
        places.push({ block: number, index })
        touched.push(address)
      }
    })
    this.#blocks.push({ number, addresses: touched })
  }

  /** Forgets the blocks from `number` up. */
  truncate(number: bigint): void {
    for (let last = this.#blocks.at(-1); last && last.number >= number; last = this.#blocks.at(-1)) {
      this.#blocks.pop()
      for (const address of last.addresses) {
        const places = this.#places.get(address)
        places?.pop()
        if (places?.length === 0) this.#places.delete(address)
      }
    }
  }

  /** Every place of a transaction touching `address`, in chain order (the index's own array: not to be changed). */
  placesOf(address: Uint8Array): readonly TransactionPlace[] {
    return this.#places.get(bytesToHex(address)) ?? []
  }
}
