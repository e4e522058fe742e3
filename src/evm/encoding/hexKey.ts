const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1

/** Two ASCII hex digits per byte value, as one 16-bit word whose bytes in memory are the two digits. */
const DIGIT_PAIRS = new Uint16Array(256)
for (let i = 0; i < 256; i++) DIGIT_PAIRS[i] = pairOf(i.toString(16).padStart(2, '0'))
const PREFIX = pairOf('0x')

function pairOf(text: string): number {
  const [first, second] = [text.charCodeAt(0), text.charCodeAt(1)]
  return LITTLE_ENDIAN ? first | (second << 8) : (first << 8) | second
}

// Room for a 0x prefix and 64 bytes; longer inputs get a buffer of their own. Aligned for 16-bit writes.
const SCRATCH = Buffer.allocUnsafeSlow(2 + 128)
const SCRATCH_PAIRS = new Uint16Array(SCRATCH.buffer, SCRATCH.byteOffset, SCRATCH.length / 2)

/**
 * Lower-case hex of `bytes`, `0x`-prefixed unless `prefixed` is false, as one flat string. String
 * concatenation (what @ethereumjs/util and noble do, a byte at a time) leaves a rope of ~30 string pieces
 * per 32-byte hash, ~1 KB where the text is 66 bytes; kept as a map key, the rope stays (measured: 15 MiB of
 * ropes after 2,000 blocks). This writes the digits into a buffer and reads them back as one string.
 */
export function hexKey(bytes: Uint8Array, prefixed = true): string {
  const start = prefixed ? 1 : 0
  const words = start + bytes.length
  const scratch = words <= SCRATCH_PAIRS.length ? SCRATCH : Buffer.allocUnsafeSlow(words * 2)
  const pairs = scratch === SCRATCH ? SCRATCH_PAIRS : new Uint16Array(scratch.buffer, scratch.byteOffset, words)
  if (prefixed) pairs[0] = PREFIX
  for (let i = 0; i < bytes.length; i++) pairs[start + i] = DIGIT_PAIRS[bytes[i] as number] as number
  return scratch.toString('latin1', 0, words * 2)
}
