import { addToBloom } from '../crypto/crypto.ts'
import type { Log } from '../types.ts'

/** The EVM's log form: address, topics, data. */
type RawLog = readonly [address: Uint8Array, topics: readonly Uint8Array[], data: Uint8Array]

const HEADER = 5 // flags (1 byte) + data length (4 bytes)
const ADDRESS = 20
const WORD = 32
/** A field given by reference: the distance back from here to where its bytes are, a big-endian u32. */
const REFERENCE = 4
const MAX_TOPICS = 4
/** The low bits of the flags byte: the topic count. Bit 3 + f is set when field f is a reference. */
const TOPIC_COUNT = 0b111
/** Field 0 is the address, field 1 + i topic i. */
const fieldLength = (field: number) => (field === 0 ? ADDRESS : WORD)
const isReference = (flags: number, field: number) => (flags & (8 << field)) !== 0

const readU32 = (bytes: Uint8Array, at: number) =>
  // Read byte by byte: a DataView per read costs more than the read.
  (bytes[at] as number) * 0x1000000 + (((bytes[at + 1] as number) << 16) | ((bytes[at + 2] as number) << 8) | (bytes[at + 3] as number))

function writeU32(bytes: Uint8Array, at: number, value: number): void {
  bytes[at] = value >>> 24
  bytes[at + 1] = (value >>> 16) & 0xff
  bytes[at + 2] = (value >>> 8) & 0xff
  bytes[at + 3] = value & 0xff
}

/**
 * A log whose bytes live in one buffer shared by every log of its transaction. The chain keeps
 * every log it ever mined; as separate Uint8Arrays per field a log costs ~1.3 KB of heap, this
 * way ~180 bytes. A field equal to the same field of an earlier log of the buffer (the contract's
 * address, the event's signature, an indexed sender: a transaction's logs repeat them) is kept as a
 * 4-byte reference to those bytes: a run of one event's logs keeps ~80 bytes a log instead of ~150.
 * Fields are views made on each read: treat them as read-only, and copy a field's bytes to keep them.
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
    return this.field(0)
  }

  get topicCount(): number {
    return (this.#bytes[this.#at] as number) & TOPIC_COUNT
  }

  /** The topic at `position` alone (the `topics` getter makes a view of every topic). */
  topic(position: number): Uint8Array {
    return this.field(1 + position)
  }

  get topics(): Uint8Array[] {
    const count = this.topicCount
    const topics: Uint8Array[] = new Array(count)
    for (let i = 0; i < count; i++) topics[i] = this.field(1 + i)
    return topics
  }

  get data(): Uint8Array {
    const start = this.dataStart()
    return this.#bytes.subarray(start, start + readU32(this.#bytes, this.#at + 1))
  }

  /** The bytes this log takes in its buffer. */
  get size(): number {
    return this.dataStart() + readU32(this.#bytes, this.#at + 1) - this.#at
  }

  /** Sets this log's bits in `bloom`, hashing its address and topics where they lie (no view of each). */
  addToBloom(bloom: Uint8Array): void {
    for (let field = 0, fields = 1 + this.topicCount; field < fields; field++) {
      addToBloom(bloom, this.#bytes, this.fieldStart(field), fieldLength(field))
    }
  }

  /** Where the bytes of `field` are (a reference is followed). */
  private fieldStart(field: number): number {
    const bytes = this.#bytes
    const flags = bytes[this.#at] as number
    let start = this.#at + HEADER
    for (let f = 0; f < field; f++) start += isReference(flags, f) ? REFERENCE : fieldLength(f)
    return isReference(flags, field) ? start - readU32(bytes, start) : start
  }

  private field(field: number): Uint8Array {
    const start = this.fieldStart(field)
    return this.#bytes.subarray(start, start + fieldLength(field))
  }

  private dataStart(): number {
    const flags = this.#bytes[this.#at] as number
    let start = this.#at + HEADER
    for (let f = 0, fields = 1 + (flags & TOPIC_COUNT); f < fields; f++) start += isReference(flags, f) ? REFERENCE : fieldLength(f)
    return start
  }

  /** True when no field of this log refers to bytes before `from`. */
  private refersFrom(from: number): boolean {
    for (let f = 0, fields = 1 + this.topicCount; f < fields; f++) if (this.fieldStart(f) < from) return false
    return true
  }

  /**
   * When `logs` are, in order and back to back, a buffer's logs from this one on, referring to no bytes
   * before them (what packLogs makes): copies their bytes into `to` at `at` in one piece and points them
   * there (references are relative, so they hold); true when it did.
   */
  static moveRun(logs: readonly Log[], to: (size: number) => { bytes: Uint8Array; at: number }): boolean {
    const first = logs[0]
    if (!(first instanceof PackedLog)) return false
    const source = first.#bytes
    let end = first.#at
    for (const log of logs) {
      if (!(log instanceof PackedLog) || log.#bytes !== source || log.#at !== end || !log.refersFrom(first.#at)) return false
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
  if (log instanceof PackedLog) {
    log.addToBloom(bloom)
    return
  }
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
  const { references, size } = layOut(logs)
  return writeLogs(logs, references, new Uint8Array(size), 0)
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
  const layout = layOut(raw)
  const { bytes, at } = arena.allocate(layout.size)
  return writeLogs(raw, layout.references, bytes, at)
}

/**
 * Which fields of `logs` are references (bit 3 + f of each log's flags: field f equals that field of the
 * latest earlier log that has it), and the bytes they take packed.
 */
function layOut(logs: readonly RawLog[]): { references: Uint8Array; size: number } {
  const references = new Uint8Array(logs.length)
  const latest: Array<Uint8Array | undefined> = new Array(5)
  let size = 0
  for (let i = 0; i < logs.length; i++) {
    const [address, topics, data] = logs[i] as RawLog
    size += HEADER + data.length
    for (let field = 0; field <= topics.length; field++) {
      const value = field === 0 ? address : (topics[field - 1] as Uint8Array)
      const earlier = latest[field]
      if (earlier !== undefined && sameBytes(earlier, value)) {
        references[i]! |= 8 << field
        size += REFERENCE
      } else {
        latest[field] = value
        size += fieldLength(field)
      }
    }
  }
  return { references, size }
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}

function writeLogs(logs: readonly RawLog[], references: Uint8Array, bytes: Uint8Array, from: number): Log[] {
  const packed: Log[] = new Array(logs.length)
  // Where the bytes of each field's latest value are.
  const latest = [0, 0, 0, 0, 0]
  let at = from
  for (let i = 0; i < logs.length; i++) {
    const [address, topics, data] = logs[i] as RawLog
    if (topics.length > MAX_TOPICS) throw new RangeError(`a log has ${topics.length} topics, more than LOG4 makes`)
    packed[i] = new PackedLog(bytes, at)
    const flags = (references[i] as number) | topics.length
    bytes[at] = flags
    writeU32(bytes, at + 1, data.length)
    let start = at + HEADER
    for (let field = 0; field <= topics.length; field++) {
      if (isReference(flags, field)) {
        writeU32(bytes, start, start - (latest[field] as number))
        start += REFERENCE
      } else {
        bytes.set(field === 0 ? address : (topics[field - 1] as Uint8Array), start)
        latest[field] = start
        start += fieldLength(field)
      }
    }
    bytes.set(data, start)
    at = start + data.length
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
