import type { Log } from './types.ts'

/** The EVM's log form: address, topics, data. */
type RawLog = readonly [address: Uint8Array, topics: readonly Uint8Array[], data: Uint8Array]

const HEADER = 5 // topic count (1 byte) + data length (4 bytes)
const ADDRESS = 20
const WORD = 32

/**
 * A log whose bytes live in one buffer shared by every log of its transaction. The chain keeps
 * every log it ever mined; as separate Uint8Arrays per field a log costs ~1.3 KB of heap, this
 * way ~180 bytes. Fields are views made on each read: treat them as read-only, and copy a
 * field's bytes to keep them.
 */
class PackedLog implements Log {
  readonly #bytes: Uint8Array
  readonly #at: number

  constructor(bytes: Uint8Array, at: number) {
    this.#bytes = bytes
    this.#at = at
  }

  get address(): Uint8Array {
    const start = this.#at + HEADER
    return this.#bytes.subarray(start, start + ADDRESS)
  }

  get topicCount(): number {
    return this.#bytes[this.#at] as number
  }

  /** The topic at `position` alone (the `topics` getter makes a view of every topic). */
  topic(position: number): Uint8Array {
    const start = this.#at + HEADER + ADDRESS + position * WORD
    return this.#bytes.subarray(start, start + WORD)
  }

  get topics(): Uint8Array[] {
    const bytes = this.#bytes
    const count = bytes[this.#at] as number
    const topics: Uint8Array[] = new Array(count)
    let start = this.#at + HEADER + ADDRESS
    for (let i = 0; i < count; i++, start += WORD) topics[i] = bytes.subarray(start, start + WORD)
    return topics
  }

  get data(): Uint8Array {
    const bytes = this.#bytes
    const at = this.#at
    // Big-endian u32 length, read byte by byte (a DataView per read costs more than the read).
    const length = ((bytes[at + 1] as number) * 0x1000000) + (((bytes[at + 2] as number) << 16) | ((bytes[at + 3] as number) << 8) | (bytes[at + 4] as number))
    const start = at + HEADER + ADDRESS + (bytes[at] as number) * WORD
    return bytes.subarray(start, start + length)
  }

  /** Plain fields for printing and comparison (the getters are not own properties). */
  toJSON(): Log {
    return { address: this.address, topics: this.topics, data: this.data }
  }
}

/** How many topics `log` has, without making a view of each (packed logs make one per read). */
export function topicCountOf(log: Log): number {
  return log instanceof PackedLog ? log.topicCount : log.topics.length
}

/** The topic of `log` at `position`, without making views of the others. */
export function topicOf(log: Log, position: number): Uint8Array {
  return log instanceof PackedLog ? log.topic(position) : (log.topics[position] as Uint8Array)
}

/** What a transaction without logs keeps: one array shared by all of them (most transactions). */
const NO_LOGS: Log[] = Object.freeze([]) as unknown as Log[]

/** Packs one transaction's logs into one buffer; the logs read from it. */
export function packLogs(logs: readonly RawLog[]): Log[] {
  if (logs.length === 0) return NO_LOGS
  let size = 0
  for (const [, topics, data] of logs) size += HEADER + ADDRESS + topics.length * WORD + data.length
  const bytes = new Uint8Array(size)
  const view = new DataView(bytes.buffer)
  const packed: Log[] = []
  let at = 0
  for (const [address, topics, data] of logs) {
    packed.push(new PackedLog(bytes, at))
    bytes[at] = topics.length
    view.setUint32(at + 1, data.length)
    bytes.set(address, at + HEADER)
    topics.forEach((topic, i) => bytes.set(topic, at + HEADER + ADDRESS + i * WORD))
    bytes.set(data, at + HEADER + ADDRESS + topics.length * WORD)
    at += HEADER + ADDRESS + topics.length * WORD + data.length
  }
  return packed
}
