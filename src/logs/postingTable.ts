import { equalBytes, hashBytes } from './bytes.ts'
import { withCapacity } from './sortedIds.ts'

/** Keeps the table at most half full, so linear probing stays short. */
const MAX_LOAD = 0.5

/** Ascending ids of a value seen at least twice. */
class PostingList {
  ids = new Uint32Array(4)
  length = 2

  constructor(first: number, second: number) {
    this.ids[0] = first
    this.ids[1] = second
  }

  push(id: number): void {
    this.ids = withCapacity(this.ids, this.length + 1)
    this.ids[this.length++] = id
  }
}

/**
 * Posting lists of one log field (the address, or the topic at one position): for each value, the ascending
 * ids of the logs that carry it.
 *
 * Memory drives the layout. Values are often unique (a counter, a recipient), so a Map keyed by a string per
 * value would cost ~80 bytes each for the key alone. Instead this is an open-addressing table in two typed
 * arrays (hash and slot, 8 bytes per slot): a value seen once is stored inline as its id, and its bytes are
 * never copied, since any log of the list has them (`keyOf`).
 *
 * Ids arrive in ascending order and leave from the tail (a reorg), so every list stays sorted.
 */
export class PostingTable {
  /** 0: empty; n > 0: the single id n - 1; n < 0: `lists[-n - 1]`. Hence ids stay below 2^31 - 1. */
  private slots = new Int32Array(16)
  private hashes = new Uint32Array(16)
  private used = 0
  private readonly lists: (PostingList | undefined)[] = []
  private readonly freeLists: number[] = []

  /** @param keyOf the value of this field on the log with the given id. */
  constructor(private readonly keyOf: (id: number) => Uint8Array) {}

  /** Appends `id` to the list of `key`; `id` must exceed every id already in the table. */
  add(key: Uint8Array, id: number): void {
    const hash = hashBytes(key)
    let slot = this.find(key, hash)
    if (slot >= 0) {
      const entry = this.slots[slot]!
      if (entry < 0) this.lists[-entry - 1]!.push(id)
      else this.slots[slot] = -this.newList(entry - 1, id) - 1
      return
    }
    if (this.used + 1 > this.slots.length * MAX_LOAD) {
      this.grow()
      slot = this.find(key, hash)
    }
    this.slots[~slot] = id + 1
    this.hashes[~slot] = hash
    this.used++
  }

  /** Removes `id`, the newest id in the table, from the list of `key`. */
  removeLast(key: Uint8Array, id: number): void {
    const slot = this.find(key, hashBytes(key))
    const entry = slot >= 0 ? this.slots[slot]! : 0
    if (entry > 0 && entry - 1 === id) {
      this.deleteSlot(slot)
      return
    }
    const list = entry < 0 ? this.lists[-entry - 1]! : undefined
    if (list === undefined || list.ids[list.length - 1] !== id) {
      throw new Error(`log ${id} is not the newest of its value`)
    }
    list.length--
    // Back to inline once single, so a list object never outlives the reorg that emptied it.
    if (list.length === 1) {
      this.slots[slot] = list.ids[0]! + 1
      this.lists[-entry - 1] = undefined
      this.freeLists.push(-entry - 1)
    }
  }

  /** The ids of `key`, ascending, or `undefined` if no log has it. Read only: may be a view of live storage. */
  lookup(key: Uint8Array): Uint32Array | undefined {
    const slot = this.find(key, hashBytes(key))
    if (slot < 0) return undefined
    const entry = this.slots[slot]!
    if (entry > 0) return Uint32Array.of(entry - 1)
    const list = this.lists[-entry - 1]!
    return list.ids.subarray(0, list.length)
  }

  /** The oldest id of `key`, a stable handle of the value while it is indexed; -1 if no log has it. */
  firstIdOf(key: Uint8Array): number {
    const slot = this.find(key, hashBytes(key))
    if (slot < 0) return -1
    const entry = this.slots[slot]!
    return entry > 0 ? entry - 1 : this.lists[-entry - 1]!.ids[0]!
  }

  /** The slot holding `key`, or `~slot` of the empty slot where it would go. */
  private find(key: Uint8Array, hash: number): number {
    const mask = this.slots.length - 1
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const entry = this.slots[slot]!
      if (entry === 0) return ~slot
      if (this.hashes[slot] === hash) {
        const firstId = entry > 0 ? entry - 1 : this.lists[-entry - 1]!.ids[0]!
        if (equalBytes(this.keyOf(firstId), key)) return slot
      }
    }
  }

  private newList(first: number, second: number): number {
    const list = new PostingList(first, second)
    const index = this.freeLists.pop()
    if (index === undefined) return this.lists.push(list) - 1
    this.lists[index] = list
    return index
  }

  private grow(): void {
    const slots = this.slots
    const hashes = this.hashes
    this.slots = new Int32Array(slots.length * 2)
    this.hashes = new Uint32Array(slots.length * 2)
    const mask = this.slots.length - 1
    for (let old = 0; old < slots.length; old++) {
      if (slots[old] === 0) continue
      let slot = hashes[old]! & mask
      while (this.slots[slot] !== 0) slot = (slot + 1) & mask
      this.slots[slot] = slots[old]!
      this.hashes[slot] = hashes[old]!
    }
  }

  /** Backward-shift deletion: later entries of the probe run move up, so lookups need no tombstones. */
  private deleteSlot(hole: number): void {
    const mask = this.slots.length - 1
    for (let slot = (hole + 1) & mask; this.slots[slot] !== 0; slot = (slot + 1) & mask) {
      const home = this.hashes[slot]! & mask
      // The entry may fill the hole unless its home lies after the hole, cyclically, in the run up to it.
      if (((slot - home) & mask) >= ((slot - hole) & mask)) {
        this.slots[hole] = this.slots[slot]!
        this.hashes[hole] = this.hashes[slot]!
        hole = slot
      }
    }
    this.slots[hole] = 0
    this.used--
  }
}
