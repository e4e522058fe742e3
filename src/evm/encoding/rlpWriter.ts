/**
 * RLP written straight into one array: sizes are worked out first, then every byte is written once.
 * For the encodings chainsim makes per block (receipts with hundreds of logs, trie nodes), where
 * encoding nested arrays level by level copies the bulk of the data once per level.
 */

/** Bytes taken by the big-endian length `length`. */
function lengthBytes(length: number): number {
  let bytes = 1
  while (length >= 256 ** bytes) bytes++
  return bytes
}

/** Encoded size of a byte string of `length` bytes whose first byte is `first`. */
export function stringSize(length: number, first = 0xff): number {
  if (length === 1 && first < 0x80) return 1
  return length <= 55 ? 1 + length : 1 + lengthBytes(length) + length
}

/** Encoded size of a list whose items take `payload` bytes. */
export function listSize(payload: number): number {
  return payload <= 55 ? 1 + payload : 1 + lengthBytes(payload) + payload
}

/** Encoded size of `bytes` as a byte string. */
export function bytesSize(bytes: Uint8Array): number {
  return stringSize(bytes.length, bytes[0])
}

/** A writer over one array of exactly the size computed for it. */
export class RlpWriter {
  readonly out: Uint8Array
  private at = 0

  constructor(size: number) {
    this.out = new Uint8Array(size)
  }

  byte(value: number): void {
    this.out[this.at++] = value
  }

  /** Bytes written as they are (an item encoded elsewhere). */
  raw(bytes: Uint8Array): void {
    this.out.set(bytes, this.at)
    this.at += bytes.length
  }

  bytes(bytes: Uint8Array): void {
    if (bytes.length === 1 && (bytes[0] as number) < 0x80) {
      this.byte(bytes[0] as number)
      return
    }
    this.header(0x80, 0xb7, bytes.length)
    this.raw(bytes)
  }

  /** The header of a list whose items take `payload` bytes; the items follow. */
  list(payload: number): void {
    this.header(0xc0, 0xf7, payload)
  }

  /** Everything written: must be the whole array. */
  done(): Uint8Array {
    if (this.at !== this.out.length) throw new Error(`RLP writer: wrote ${this.at} of ${this.out.length} bytes`)
    return this.out
  }

  private header(short: number, long: number, length: number): void {
    if (length <= 55) {
      this.byte(short + length)
      return
    }
    const size = lengthBytes(length)
    this.byte(long + size)
    for (let i = size - 1; i >= 0; i--) this.byte(Math.floor(length / 256 ** i) % 256)
  }
}
