import { keccak256 } from './crypto.ts'
import type { Log } from './types.ts'

/** The 2048-bit logs bloom of `logs` (yellow paper M3:2048): three bits per address and per topic. */
export function logsBloom(logs: readonly Log[]): Uint8Array {
  const bloom = new Uint8Array(256)
  for (const log of logs) {
    addToBloom(bloom, log.address)
    for (const topic of log.topics) addToBloom(bloom, topic)
  }
  return bloom
}

function addToBloom(bloom: Uint8Array, item: Uint8Array): void {
  const hash = keccak256(item)
  for (let i = 0; i < 6; i += 2) {
    const bit = (((hash[i] as number) << 8) | (hash[i + 1] as number)) & 2047
    bloom[255 - (bit >> 3)]! |= 1 << (bit & 7)
  }
}
