import type { Log } from '../../evm/index.ts'
import type { LogChange } from '../../filters/types.ts'
import type { PositionedLog } from '../../logs/index.ts'

// ASCII codes of the two hex digits of every byte value.
const HIGH = new Uint8Array(256)
const LOW = new Uint8Array(256)
for (let i = 0; i < 256; i++) {
  const digits = i.toString(16).padStart(2, '0')
  HIGH[i] = digits.charCodeAt(0)
  LOW[i] = digits.charCodeAt(1)
}

/**
 * Writes JSON text as ASCII bytes into a growing buffer. A 10,000-log answer is ~6 MB of JSON;
 * building it byte by byte avoids both the intermediate objects of formatLog and the millions
 * of small strings that concatenation would create.
 */
class JsonWriter {
  private buffer: Buffer
  private length = 0

  constructor(sizeHint: number) {
    this.buffer = Buffer.allocUnsafe(Math.max(1024, sizeHint))
  }

  private reserve(bytes: number): void {
    if (this.length + bytes <= this.buffer.length) return
    const grown = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.length + bytes))
    this.buffer.copy(grown, 0, 0, this.length)
    this.buffer = grown
  }

  /** ASCII-only text (keys, punctuation, hex). Copied in JS: for short runs a native write costs more. */
  ascii(text: string): void {
    this.reserve(text.length)
    const out = this.buffer
    let at = this.length
    for (let i = 0; i < text.length; i++) out[at++] = text.charCodeAt(i)
    this.length = at
  }

  /** `"0x…"` for bytes. */
  hex(bytes: Uint8Array): void {
    this.reserve(bytes.length * 2 + 4)
    const out = this.buffer
    let at = this.length
    out[at++] = 0x22
    out[at++] = 0x30
    out[at++] = 0x78
    for (let i = 0; i < bytes.length; i++) {
      const byte = bytes[i] as number
      out[at++] = HIGH[byte] as number
      out[at++] = LOW[byte] as number
    }
    out[at++] = 0x22
    this.length = at
  }

  /** `"0x…"` for a quantity (minimal hex). */
  quantity(value: bigint | number): void {
    this.ascii(`"0x${value.toString(16)}"`)
  }

  text(): string {
    return this.buffer.toString('latin1', 0, this.length)
  }
}

function writeBody(out: JsonWriter, log: Log): void {
  out.ascii('{"address":')
  out.hex(log.address)
  out.ascii(',"topics":[')
  for (let i = 0; i < log.topics.length; i++) {
    if (i > 0) out.ascii(',')
    out.hex(log.topics[i] as Uint8Array)
  }
  out.ascii('],"data":')
  out.hex(log.data)
}

function writeMined(out: JsonWriter, log: PositionedLog, removed: boolean): void {
  writeBody(out, log)
  out.ascii(',"blockNumber":')
  out.quantity(log.blockNumber)
  out.ascii(',"transactionHash":')
  out.hex(log.transactionHash)
  out.ascii(',"transactionIndex":')
  out.quantity(log.transactionIndex)
  out.ascii(',"blockHash":')
  out.hex(log.blockHash)
  out.ascii(',"blockTimestamp":')
  out.quantity(log.blockTimestamp)
  out.ascii(',"logIndex":')
  out.quantity(log.logIndex)
  out.ascii(removed ? ',"removed":true}' : ',"removed":false}')
}

function writePending(out: JsonWriter, log: Log): void {
  writeBody(out, log)
  out.ascii(
    ',"blockNumber":null,"transactionHash":null,"transactionIndex":null,"blockHash":null,"blockTimestamp":null,"logIndex":null,"removed":false}',
  )
}

/**
 * The JSON text of a log answer: mined logs (with `removed` as given), then pending logs (null
 * positions), exactly as `formatLog` / `formatPendingLog` + JSON.stringify write them (same
 * fields, same order), but written straight into bytes.
 */
export function logsJson(mined: readonly PositionedLog[], pending: readonly Log[] = [], removed = false): string {
  const out = new JsonWriter(mined.length * 700 + pending.length * 400)
  out.ascii('[')
  mined.forEach((log, i) => {
    if (i > 0) out.ascii(',')
    writeMined(out, log, removed)
  })
  pending.forEach((log, i) => {
    if (i > 0 || mined.length > 0) out.ascii(',')
    writePending(out, log)
  })
  out.ascii(']')
  return out.text()
}

/** The JSON text of a log filter's changes, each mined (removed or not) or pending, in order. */
export function logChangesJson(changes: readonly LogChange[]): string {
  const out = new JsonWriter(changes.length * 700)
  out.ascii('[')
  changes.forEach((change, i) => {
    if (i > 0) out.ascii(',')
    if (change.kind === 'mined') writeMined(out, change.log, change.removed)
    else writePending(out, change.log)
  })
  out.ascii(']')
  return out.text()
}
