/**
 * Whether two byte strings hold the same bytes. The index keeps its own copy of evm's equalsBytes, as the
 * log writer does: one called from everywhere runs unspecialised (~1.5 ms more per 10,000 logs there).
 */
export function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a === b) return true
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}

/**
 * A 32-bit hash of bytes: FNV-1a over every byte, then murmur3's finaliser. Every byte counts because topics
 * are often small numbers padded with zeros; the finaliser spreads them into the low bits that pick a slot.
 */
export function hashBytes(bytes: Uint8Array): number {
  let h = 0x811c9dc5
  for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193)
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  h ^= h >>> 16
  return h >>> 0
}
