import { hexKey } from '../encoding/hexKey.ts'

/** Trie answers kept: ~200 bytes each, so a few MiB at most, whatever the chain's size. */
const ENTRIES_KEPT = 20_000
/** Contracts' code kept by hash: up to 24 KiB each. */
const CODES_KEPT = 256

/**
 * What tries answered, by the root they were read at, and code by its hash: a trie's content is fixed by
 * its root hash and code by its hash, so an answer stays true for good, in any database that holds that root.
 * Accounts are kept by state root and address, storage by the account's storage root and slot. Calls read the
 * same few accounts, slots and contracts of the head's state again and again (a token's balances, the
 * caller's account); each read otherwise walks the trie from its root, decoding every node on the way, and
 * copies the code out of the store. Code read through the memo is one object per hash, which the EVM's jump
 * analysis is kept for (patches/jumpAnalysisCache.ts).
 */
export class StateReadMemo {
  // Insertion order is recency order: a hit moves its entry to the end, the first entry is the oldest.
  readonly #entries = new Map<string, Uint8Array | null>()
  readonly #codes = new Map<string, Uint8Array>()

  /** The value at `key` in the trie whose root is `root`; `load` reads it from that trie. */
  read(root: Uint8Array, key: Uint8Array, load: () => Promise<Uint8Array | null>): Promise<Uint8Array | null> {
    return remembered(this.#entries, hexKey(root, false) + hexKey(key, false), ENTRIES_KEPT, load)
  }

  /** The code whose hash is `codeHash`; `load` reads it from the store. */
  async code(codeHash: Uint8Array, load: () => Promise<Uint8Array>): Promise<Uint8Array> {
    return (await remembered(this.#codes, hexKey(codeHash, false), CODES_KEPT, load)) as Uint8Array
  }
}

async function remembered<V>(entries: Map<string, V>, key: string, capacity: number, load: () => Promise<V>): Promise<V> {
  const known = entries.get(key)
  if (known !== undefined) {
    entries.delete(key)
    entries.set(key, known)
    return known
  }
  const value = await load()
  if (entries.size >= capacity) entries.delete(entries.keys().next().value as string)
  entries.set(key, value)
  return value
}

/** One memo for the process: what it keeps is true of any chain, as it is keyed by content. */
export const stateReadMemo = new StateReadMemo()
