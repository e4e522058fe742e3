import type { ExecutedTransaction } from '../evm/index.ts'
import { bytesToHex } from '../evm/index.ts'

/** Where a transaction sits on the canonical chain. */
export interface TransactionPlace {
  readonly block: bigint
  readonly index: number
}

/**
 * The canonical chain's transactions by the addresses they touch: the sender, the recipient, the contract
 * created and every account that emitted one of its logs. Each address's places are kept in chain order, so a
 * page of an address's history costs the page, not the chain. Blocks are appended in order and truncated from a
 * height on a reorg, as the log index is.
 */
export class AddressIndex {
  readonly #places = new Map<string, TransactionPlace[]>()
  /** Per appended block, from the lowest: the addresses given places in it, to take them back on truncation. */
  readonly #blocks: { number: bigint; addresses: string[] }[] = []

  append(number: bigint, transactions: readonly ExecutedTransaction[]): void {
    const touched: string[] = []
    transactions.forEach((executed, index) => {
      for (const address of addressesOf(executed)) {
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

/** The lower-case hex addresses a transaction touches, each once. */
function addressesOf(executed: ExecutedTransaction): Set<string> {
  const addresses = new Set<string>([executed.signed.fromKey])
  const to = executed.signed.tx.to
  if (to) addresses.add(bytesToHex(to.bytes))
  if (executed.contractAddress) addresses.add(bytesToHex(executed.contractAddress))
  for (const log of executed.logs) addresses.add(bytesToHex(log.address))
  return addresses
}
