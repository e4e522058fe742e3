import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { uint64OrNumber } from '../controlSchemas.ts'

// The longest interval a Node timer keeps; past it Node would fire every millisecond instead.
const MAX_INTERVAL_MS = 2 ** 31 - 1
const intervalMs = uint64OrNumber.refine((ms) => ms <= MAX_INTERVAL_MS, `interval must be at most ${MAX_INTERVAL_MS} ms`)

/** evm_setIntervalMining [ms]: mines a block every `ms` milliseconds; 0 turns it off. */
export const evm_setIntervalMining: MethodHandler = withParams([intervalMs], async ([ms], { node }) => {
  await node.settings.setIntervalMining(Number(ms))
  return true
})
