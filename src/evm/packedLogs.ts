import { addToBloom } from './crypto.ts'
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
  // Moved once, when the chain keeps the log (keepLogs): the same bytes, in the log arena.
  #bytes: Uint8Array
  #at: number

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

  /** The bytes this log takes in its buffer. */
  get size(): number {
    const bytes = this.#bytes
    const at = this.#at
    const length = ((bytes[at + 1] as number) * 0x1000000) + (((bytes[at + 2] as number) << 16) | ((bytes[at + 3] as number) << 8) | (bytes[at + 4] as number))
    return packedSize(bytes[at] as number, length)
  }

  /** Sets this log's bits in `bloom`, hashing its address and topics where they lie (no view of each). */
  addToBloom(bloom: Uint8Array): void {
    const bytes = this.#bytes
    let start = this.#at + HEADER
    addToBloom(bloom, bytes, start, ADDRESS)
    start += ADDRESS
    for (let i = 0, count = bytes[this.#at] as number; i < count; i++, start += WORD) addToBloom(bloom, bytes, start, WORD)
  }

  /**
   * When `logs` are, in order and back to back, a buffer's logs from this one on (what packLogs makes):
   * copies their bytes into `to` at `at` in one piece and points them there; true when it did.
   */
  static moveRun(logs: readonly Log[], to: (size: number) => { bytes: Uint8Array; at: number }): boolean {
    const first = logs[0]
    if (!(first instanceof PackedLog)) return false
    const source = first.#bytes
    let end = first.#at
    for (const log of logs) {
      if (!(log instanceof PackedLog) || log.#bytes !== source || log.#at !== end) return false
      end += log.size
    }
    const { bytes, at } = to(end - first.#at)
    bytes.set(source.subarray(first.#at, end), at)
    const shift = at - first.#at
    for (const log of logs as PackedLog[]) {
      log.#bytes = bytes
      log.#at += shift
    }
    return true
  }

  /** Plain fields for printing and comparison (the getters are not own properties). */
  toJSON(): Log {
    return { address: this.address, topics: this.topics, data: this.data }
  }
}

/** Sets `log`'s bits (its address and topics) in a 2048-bit logs bloom. */
export function addLogToBloom(bloom: Uint8Array, log: Log): void {
  if (log instanceof PackedLog) return log.addToBloom(bloom)
  addToBloom(bloom, log.address)
  for (const topic of log.topics) addToBloom(bloom, topic)
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
  const size = logs.reduce((sum, [, topics, data]) => sum + packedSize(topics.length, data.length), 0)
  return writeLogs(logs, new Uint8Array(size), 0)
}

/**
 * The logs of a block the chain keeps for good, copied into the log arena: a buffer per transaction cost
 * ~200 bytes of bookkeeping (typed array, ArrayBuffer, backing store) beside a log of ~150 bytes. Logs of
 * blocks being built (pending, calls) stay in their own buffers and go with them. A transaction's packed
 * logs (one buffer, back to back) move in one copy and stay the same objects; others are packed anew.
 */
export function keepLogs(logs: Log[]): Log[] {
  if (logs.length === 0) return NO_LOGS
  if (PackedLog.moveRun(logs, (size) => arena.allocate(size))) return logs
  const raw = logs.map((log): RawLog => [log.address, log.topics, log.data])
  const size = raw.reduce((sum, [, topics, data]) => sum + packedSize(topics.length, data.length), 0)
  const { bytes, at } = arena.allocate(size)
  return writeLogs(raw, bytes, at)
}

function packedSize(topicCount: number, dataLength: number): number {
  return HEADER + ADDRESS + topicCount * WORD + dataLength
}

function writeLogs(logs: readonly RawLog[], bytes: Uint8Array, from: number): Log[] {
  const packed: Log[] = new Array(logs.length)
  let at = from
  for (let i = 0; i < logs.length; i++) {
    const [address, topics, data] = logs[i] as RawLog
    packed[i] = new PackedLog(bytes, at)
    bytes[at] = topics.length
    // Big-endian u32 length, as the getter reads it.
    bytes[at + 1] = data.length >>> 24
    bytes[at + 2] = (data.length >>> 16) & 0xff
    bytes[at + 3] = (data.length >>> 8) & 0xff
    bytes[at + 4] = data.length & 0xff
    bytes.set(address, at + HEADER)
    for (let t = 0; t < topics.length; t++) bytes.set(topics[t] as Uint8Array, at + HEADER + ADDRESS + t * WORD)
    bytes.set(data, at + HEADER + ADDRESS + topics.length * WORD)
    at += packedSize(topics.length, data.length)
  }
  return packed
}

/** Space for kept logs, in chunks that are filled in turn and never reused (kept logs are never freed). */
class LogArena {
  private chunk = new Uint8Array(0)
  private used = 0

  allocate(size: number): { bytes: Uint8Array; at: number } {
    // A large block of logs gets a buffer of its own, so no chunk is left mostly empty.
    if (size > ARENA_CHUNK / 4) return { bytes: new Uint8Array(size), at: 0 }
    if (this.used + size > this.chunk.length) {
      this.chunk = new Uint8Array(ARENA_CHUNK)
      this.used = 0
    }
    const at = this.used
    this.used += size
    return { bytes: this.chunk, at }
  }
}

const ARENA_CHUNK = 64 * 1024
const arena = new LogArena()
