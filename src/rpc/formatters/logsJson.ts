import type { Log } from '../../evm/index.ts'
import type { LogChange } from '../../filters/types.ts'
import type { PositionedLog } from '../../logs/index.ts'
import { RawJson } from '../rawJson.ts'
import type { RpcLog } from './log.ts'

// ASCII codes of the two hex digits of every byte value, and of each nibble.
const HIGH = new Uint8Array(256)
const LOW = new Uint8Array(256)
const DIGIT = new Uint8Array(16)
for (let i = 0; i < 256; i++) {
  const digits = i.toString(16).padStart(2, '0')
  HIGH[i] = digits.charCodeAt(0)
  LOW[i] = digits.charCodeAt(1)
  if (i < 16) DIGIT[i] = digits.charCodeAt(1)
}

const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0))
const OPEN_ADDRESS = ascii('{"address":')
const OPEN_TOPICS = ascii(',"topics":[')
const OPEN_DATA = ascii('],"data":')
const BLOCK_NUMBER = ascii(',"blockNumber":')
const TRANSACTION_HASH = ascii(',"transactionHash":')
const TRANSACTION_INDEX = ascii(',"transactionIndex":')
const BLOCK_HASH = ascii(',"blockHash":')
const BLOCK_TIMESTAMP = ascii(',"blockTimestamp":')
const LOG_INDEX = ascii(',"logIndex":')
const REMOVED = ascii(',"removed":true}')
const NOT_REMOVED = ascii(',"removed":false}')
const PENDING_POSITIONS = ascii(
  ',"blockNumber":null,"transactionHash":null,"transactionIndex":null,"blockHash":null,"blockTimestamp":null,"logIndex":null,"removed":false}',
)
// Longest fixed text of a mined log and of a quoted quantity; sizes below are upper bounds from them.
const MINED_FIXED =
  OPEN_ADDRESS.length +
  OPEN_TOPICS.length +
  OPEN_DATA.length +
  BLOCK_NUMBER.length +
  TRANSACTION_HASH.length +
  TRANSACTION_INDEX.length +
  BLOCK_HASH.length +
  BLOCK_TIMESTAMP.length +
  LOG_INDEX.length +
  NOT_REMOVED.length +
  1
const QUANTITY_MAX = 4 + 16
// Room for the response envelope around the JSON: `{"jsonrpc":"2.0","id":…,"result":` and `}`.
const ROOM_BEFORE = 64
const ROOM_AFTER = 1

/**
 * Writes JSON as ASCII bytes into one buffer sized up front. A 10,000-log answer is ~6 MB of JSON;
 * writing it byte by byte avoids formatLog's intermediate objects and the millions of small strings
 * that concatenation would create, and it travels to the socket as these bytes, never as a string.
 */
class JsonWriter {
  private out: Uint8Array
  private at = 0
  // Text already written that the next log may repeat, and where: copying it is cheaper than writing
  // it again. A block's logs repeat its hash (66 bytes), a transaction's logs all their position
  // fields, and a query by address the address with its surrounding keys.
  private lastBlockHash: Uint8Array | undefined
  private lastBlockHashAt = 0
  private lastAddress: Uint8Array | undefined
  private lastAddressAt = 0
  private lastPositions: PositionedLog | undefined
  private lastPositionsAt = 0
  private lastPositionsEnd = 0

  constructor(capacity: number) {
    this.out = Buffer.allocUnsafe(ROOM_BEFORE + capacity + ROOM_AFTER)
    this.at = ROOM_BEFORE
  }

  /** Makes room for `bytes` more (estimates can fall short for a log far larger than its peers). */
  reserve(bytes: number): void {
    if (this.at + bytes + ROOM_AFTER <= this.out.length) return
    const grown = Buffer.allocUnsafe(Math.max(this.out.length * 2, this.at + bytes + ROOM_AFTER))
    grown.set(this.out.subarray(0, this.at))
    this.out = grown
  }

  bytes(fixed: Uint8Array): void {
    this.out.set(fixed, this.at)
    this.at += fixed.length
  }

  byte(code: number): void {
    this.out[this.at++] = code
  }

  /** `"0x…"` for bytes. */
  hex(bytes: Uint8Array): void {
    const out = this.out
    let at = this.at
    out[at++] = 0x22
    out[at++] = 0x30
    out[at++] = 0x78
    for (let i = 0; i < bytes.length; i++) {
      const byte = bytes[i] as number
      out[at++] = HIGH[byte] as number
      out[at++] = LOW[byte] as number
    }
    out[at++] = 0x22
    this.at = at
  }

  /** `"0x…"` for a block hash that consecutive logs share (the same array, not just equal bytes). */
  blockHash(hash: Uint8Array): void {
    if (hash === this.lastBlockHash) {
      const length = hash.length * 2 + 4
      this.out.copyWithin(this.at, this.lastBlockHashAt, this.lastBlockHashAt + length)
      this.at += length
      return
    }
    this.lastBlockHash = hash
    this.lastBlockHashAt = this.at
    this.hex(hash)
  }

  /**
   * `{"address":"0x…","topics":[`, copied from the previous log's when the address is the same
   * (a query by address answers one address again and again).
   */
  addressPrefix(address: Uint8Array): void {
    // Compared here rather than with the shared equalsBytes: called from everywhere, that one runs
    // unspecialised and cost ~1.5 ms more per 10,000 logs.
    const last = this.lastAddress
    if (last !== undefined && last.length === address.length) {
      let same = true
      for (let i = 0; i < address.length; i++) {
        if (last[i] !== address[i]) {
          same = false
          break
        }
      }
      if (same) {
        const length = OPEN_ADDRESS.length + address.length * 2 + 4 + OPEN_TOPICS.length
        this.out.copyWithin(this.at, this.lastAddressAt, this.lastAddressAt + length)
        this.at += length
        return
      }
    }
    this.lastAddress = address
    this.lastAddressAt = this.at
    this.bytes(OPEN_ADDRESS)
    this.hex(address)
    this.bytes(OPEN_TOPICS)
  }

  get position(): number {
    return this.at
  }

  /** Records that `[start, here)` holds `log`'s position fields, from blockNumber to blockTimestamp. */
  positionsWritten(log: PositionedLog, start: number): void {
    this.lastPositions = log
    this.lastPositionsAt = start
    this.lastPositionsEnd = this.at
  }

  /**
   * Copies the position fields of the previous log when `log` has the same ones: the logs of one
   * transaction share all but their logIndex. Same transaction means the same hash arrays (the
   * index hands out one per transaction and block), and the values are compared too.
   */
  repeatPositions(log: PositionedLog): boolean {
    const last = this.lastPositions
    if (
      last === undefined ||
      last.transactionHash !== log.transactionHash ||
      last.blockHash !== log.blockHash ||
      last.blockNumber !== log.blockNumber ||
      last.transactionIndex !== log.transactionIndex ||
      last.blockTimestamp !== log.blockTimestamp
    ) {
      return false
    }
    const length = this.lastPositionsEnd - this.lastPositionsAt
    this.out.copyWithin(this.at, this.lastPositionsAt, this.lastPositionsEnd)
    this.at += length
    return true
  }

  /** `"0x…"` for a quantity (minimal hex), written without making a string. */
  quantity(value: bigint | number): void {
    let n = typeof value === 'number' ? value : value <= 0x1f_ffff_ffff_ffffn ? Number(value) : -1
    if (n < 0) {
      // Past 2^53 (only a value beyond any real chain's): its text, with room for the rest of the log.
      const text = ascii(`"0x${value.toString(16)}"`)
      this.reserve(text.length + MINED_FIXED + 2 * 68 + 4 * QUANTITY_MAX)
      this.bytes(text)
      return
    }
    let digits = 1
    for (let rest = Math.floor(n / 16); rest > 0; rest = Math.floor(rest / 16)) digits++
    const out = this.out
    out[this.at] = 0x22
    out[this.at + 1] = 0x30
    out[this.at + 2] = 0x78
    for (let i = this.at + 2 + digits; i > this.at + 2; i--) {
      out[i] = DIGIT[n % 16] as number
      n = Math.floor(n / 16)
    }
    this.at += 3 + digits
    out[this.at++] = 0x22
  }

  /** The JSON written so far, with the room around it for the response envelope. */
  result<T>(): RawJson<T> {
    return new RawJson<T>(this.out, ROOM_BEFORE, this.at)
  }
}

/** Upper bound of the bytes `{"address":…,"topics":[…],"data":…` takes. */
function bodySize(log: Log): number {
  return 4 + log.address.length * 2 + log.topics.length * 69 + 4 + log.data.length * 2
}

function writeBody(out: JsonWriter, log: Log): void {
  out.addressPrefix(log.address)
  const { topics } = log
  for (let i = 0; i < topics.length; i++) {
    if (i > 0) out.byte(0x2c)
    out.hex(topics[i] as Uint8Array)
  }
  out.bytes(OPEN_DATA)
  out.hex(log.data)
}

/** Writes one mined log, after a comma unless it is the first. */
function writeMined(out: JsonWriter, log: PositionedLog, removed: boolean, first: boolean): void {
  out.reserve(1 + MINED_FIXED + bodySize(log) + 2 * 68 + 4 * QUANTITY_MAX)
  if (!first) out.byte(0x2c)
  writeBody(out, log)
  if (!out.repeatPositions(log)) {
    const start = out.position
    out.bytes(BLOCK_NUMBER)
    out.quantity(log.blockNumber)
    out.bytes(TRANSACTION_HASH)
    out.hex(log.transactionHash)
    out.bytes(TRANSACTION_INDEX)
    out.quantity(log.transactionIndex)
    out.bytes(BLOCK_HASH)
    out.blockHash(log.blockHash)
    out.bytes(BLOCK_TIMESTAMP)
    out.quantity(log.blockTimestamp)
    out.positionsWritten(log, start)
  }
  out.bytes(LOG_INDEX)
  out.quantity(log.logIndex)
  out.bytes(removed ? REMOVED : NOT_REMOVED)
}

/** Writes one pending log, after a comma unless it is the first. */
function writePending(out: JsonWriter, log: Log, first: boolean): void {
  out.reserve(1 + OPEN_ADDRESS.length + OPEN_TOPICS.length + OPEN_DATA.length + bodySize(log) + PENDING_POSITIONS.length)
  if (!first) out.byte(0x2c)
  writeBody(out, log)
  out.bytes(PENDING_POSITIONS)
}

/** Bytes `"0x…"` takes for `bytes`. */
function hexLength(bytes: Uint8Array): number {
  return 4 + bytes.length * 2
}

/** Bytes `"0x…"` takes for a quantity. */
function quantityLength(value: bigint | number): number {
  return 4 + value.toString(16).length
}

/** Exact bytes of `{"address":…,"topics":[…],"data":…` as {@link writeBody} writes it. */
function bodyLength(log: Log): number {
  let length = OPEN_ADDRESS.length + hexLength(log.address) + OPEN_TOPICS.length + OPEN_DATA.length + hexLength(log.data)
  for (const topic of log.topics) length += hexLength(topic)
  return length + Math.max(0, log.topics.length - 1)
}

/** Exact bytes of one mined log in an answer (without the comma before it), for size limits. */
export function minedLogJsonLength(log: PositionedLog): number {
  return (
    bodyLength(log) +
    BLOCK_NUMBER.length +
    quantityLength(log.blockNumber) +
    TRANSACTION_HASH.length +
    hexLength(log.transactionHash) +
    TRANSACTION_INDEX.length +
    quantityLength(log.transactionIndex) +
    BLOCK_HASH.length +
    hexLength(log.blockHash) +
    BLOCK_TIMESTAMP.length +
    quantityLength(log.blockTimestamp) +
    LOG_INDEX.length +
    quantityLength(log.logIndex) +
    NOT_REMOVED.length
  )
}

/** Exact bytes of one pending log in an answer (without the comma before it). */
export function pendingLogJsonLength(log: Log): number {
  return bodyLength(log) + PENDING_POSITIONS.length
}

/**
 * A first guess at an answer's size: every log like the first, guessed at no more than 1 KB each,
 * plus slack; the writer grows when the guess falls short. (One huge first log must not make a
 * 10,000-log answer reserve gigabytes.)
 */
function estimate(count: number, first: Log | undefined): number {
  if (first === undefined) return 64
  const perLog = Math.min(1024, MINED_FIXED + bodySize(first) + 2 * 68 + 4 * QUANTITY_MAX)
  return Math.ceil(count * perLog * 1.05) + 64
}

/**
 * The JSON of a log answer, as ASCII bytes: mined logs (with `removed` as given), then pending logs
 * (null positions), exactly as `formatLog` / `formatPendingLog` + JSON.stringify write them (same
 * fields, same order), but written straight into bytes.
 */
export function logsJson(mined: readonly PositionedLog[], pending: readonly Log[] = [], removed = false): RawJson<RpcLog[]> {
  const out = new JsonWriter(estimate(mined.length + pending.length, mined[0] ?? pending[0]))
  out.byte(0x5b)
  for (let i = 0; i < mined.length; i++) writeMined(out, mined[i] as PositionedLog, removed, i === 0)
  for (let i = 0; i < pending.length; i++) writePending(out, pending[i] as Log, i === 0 && mined.length === 0)
  out.reserve(1)
  out.byte(0x5d)
  return out.result()
}

/** The JSON of a log filter's changes, each mined (removed or not) or pending, in order, as ASCII bytes. */
export function logChangesJson(changes: readonly LogChange[]): RawJson<RpcLog[]> {
  const out = new JsonWriter(estimate(changes.length, changes[0]?.log))
  out.byte(0x5b)
  for (let i = 0; i < changes.length; i++) {
    const change = changes[i] as LogChange
    if (change.kind === 'mined') writeMined(out, change.log, change.removed, i === 0)
    else writePending(out, change.log, i === 0)
  }
  out.reserve(1)
  out.byte(0x5d)
  return out.result()
}
