import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { rawStateOverrideEntries, refuseOversizedStateOverrides, stateOverride } from '../../src/rpc/overrides.ts'
import { MAX_STATE_OVERRIDE_ENTRIES, OVERSIZED_OVERRIDES, stateOverridesOf } from '../helpers/stateOverrides.ts'

/**
 * State overrides are counted on their JSON before anything in them is validated: the count taken there must
 * be the count of the parsed overrides (accounts plus `state` and `stateDiff` slots), and the cap must refuse
 * exactly the requests past it, however their entries are spread over accounts and simulated blocks.
 */

const hex = (bytes: number) => fc.uint8Array({ minLength: bytes, maxLength: bytes }).map((b) => `0x${Buffer.from(b).toString('hex')}`)
const storage = fc.dictionary(hex(32), hex(32), { maxKeys: 6 })
const account = fc.record(
  { balance: fc.constant('0x1'), nonce: fc.constant('0x2'), code: fc.constant('0x00'), state: storage, stateDiff: storage },
  { requiredKeys: [] },
)
const overrides = fc.uniqueArray(fc.tuple(hex(20), account), { maxLength: 8, selector: ([address]) => address }).map((entries) => Object.fromEntries(entries))

describe('state overrides, counted first', () => {
  test('the count on the JSON is the count of the parsed overrides', () => {
    fc.assert(
      fc.property(overrides, (raw) => {
        const parsed = stateOverride.parse(raw)
        const slots = parsed.reduce((n, o) => n + 1 + (o.state?.length ?? 0) + (o.stateDiff?.length ?? 0), 0)
        expect(rawStateOverrideEntries([raw])).toBe(slots)
      }),
      { numRuns: 300 },
    )
  })

  test('refused exactly past the cap, however the entries are spread over simulated blocks', () => {
    const near = fc.integer({ min: MAX_STATE_OVERRIDE_ENTRIES - 2, max: MAX_STATE_OVERRIDE_ENTRIES + 2 })
    fc.assert(
      fc.property(near, fc.array(fc.nat(), { minLength: 1, maxLength: 4 }), (total, weights) => {
        const sum = weights.reduce((a, b) => a + b + 1, 0)
        const sizes = weights.map((w) => Math.floor((total * (w + 1)) / sum))
        sizes[0] = sizes[0]! + total - sizes.reduce((a, b) => a + b, 0)
        const sets = sizes.map((size) => stateOverridesOf(size, { malformed: true }))
        expect(rawStateOverrideEntries(sets)).toBe(total)
        if (total > MAX_STATE_OVERRIDE_ENTRIES) expect(() => refuseOversizedStateOverrides(sets)).toThrow(expect.objectContaining(OVERSIZED_OVERRIDES))
        else expect(() => refuseOversizedStateOverrides(sets)).not.toThrow()
      }),
      { numRuns: 40 },
    )
  })

  test('100,000 malformed accounts are refused for their number, before any of them is read', () => {
    const raw = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`account ${i}`, 'not an override']))
    expect(() => refuseOversizedStateOverrides([raw])).toThrow(expect.objectContaining(OVERSIZED_OVERRIDES))
  })

  test('a value that is not an object counts none (validation refuses it later)', () => {
    expect(rawStateOverrideEntries([null, undefined, 'x', 5, { a: 'x', b: { state: 'abc', stateDiff: 7 } }])).toBe(2)
  })
})
