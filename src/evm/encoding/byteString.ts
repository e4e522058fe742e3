/**
 * Bytes kept for a long time as a latin1 string, one character per byte. A Uint8Array costs its bytes
 * plus ~150 bytes of typed-array, ArrayBuffer and backing-store bookkeeping, and its backing store
 * lives outside the V8 heap; a string of 100 to 600 characters costs 16 bytes over its length, inside
 * the heap. The chain keeps a header and a signed transaction per block forever: held this way they
 * are a third of their size as arrays (measured per block of one transfer: ~2 KB against ~6 KB).
 */
export function toByteString(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('latin1')
}

/** The bytes of a byte string, in an array of their own. */
export function fromByteString(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length)
  Buffer.from(bytes.buffer).write(text, 'latin1')
  return bytes
}
