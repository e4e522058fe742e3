import { addLogToBloom } from './packedLogs.ts'
import type { Log } from '../types.ts'

/** The 2048-bit logs bloom of `logs`: three bits per address and per topic. */
export function logsBloom(logs: readonly Log[]): Uint8Array {
  const bloom = new Uint8Array(256)
  for (const log of logs) addLogToBloom(bloom, log)
  return bloom
}
