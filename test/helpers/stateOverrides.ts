import { MAX_STATE_OVERRIDE_ENTRIES } from '../../src/rpc/overrides.ts'

export { MAX_STATE_OVERRIDE_ENTRIES }

/** The refusal of state overrides past the cap, as the wire carries it. */
export const OVERSIZED_OVERRIDES = {
  code: -32000,
  message: `invalid state overrides: over the limit of ${MAX_STATE_OVERRIDE_ENTRIES} accounts and storage slots`,
}

const SLOTS_PER_ACCOUNT = 99

/**
 * State overrides of exactly `entries` accounts and storage slots (accounts of 99 `stateDiff` slots each, then
 * the rest), on accounts nothing else uses. `malformed`: every address, slot and value is bad, so that only
 * a count taken before any of them is read refuses it for its size.
 */
export function stateOverridesOf(entries: number, { malformed = false } = {}): Record<string, { stateDiff: Record<string, string> }> {
  const overrides: Record<string, { stateDiff: Record<string, string> }> = {}
  for (let account = 0, left = entries; left > 0; account++) {
    const slots = Math.min(SLOTS_PER_ACCOUNT, left - 1)
    const stateDiff: Record<string, string> = {}
    for (let slot = 0; slot < slots; slot++) {
      stateDiff[malformed ? `slot ${slot}` : `0x${slot.toString(16).padStart(64, '0')}`] = malformed ? 'x' : `0x${'01'.padStart(64, '0')}`
    }
    overrides[malformed ? `account ${account}` : `0x${(0xc0de0000 + account).toString(16).padStart(40, '0')}`] = { stateDiff }
    left -= 1 + slots
  }
  return overrides
}
