import fc from 'fast-check'
import { expect, test } from 'vitest'
import { ChainClock } from '../../src/chain/clock.ts'
import type { ClockMode } from '../../src/chain/clock.ts'

type Step = { kind: 'mine'; wallAdvance: number } | { kind: 'increase'; seconds: number }

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('mine' as const), wallAdvance: fc.constantFrom(0, 0, 0, 1, 5) }),
  fc.record({ kind: fc.constant('increase' as const), seconds: fc.integer({ min: 1, max: 100_000 }) }),
)
const mode: fc.Arbitrary<ClockMode> = fc.oneof(
  fc.constant({ kind: 'wall' } as const),
  fc.record({ kind: fc.constant('fixed' as const), genesisTime: fc.constant(1_700_000_000n), blockTime: fc.bigInt({ min: 0n, max: 12n }) }),
)

/**
 * Blocks mined in bursts (the wall clock standing still) put the head ahead of the clock; an increase of N seconds
 * still puts the next block at least N seconds after the head, and exactly N when no wall-clock time passed, on a
 * wall clock and on a scenario's fixed one alike. Every block stays at least a second after its parent.
 */
test('an increase moves the next block by the full amount from the head, whatever ran ahead', () => {
  fc.assert(
    fc.property(mode, fc.array(step, { minLength: 1, maxLength: 40 }), (clockMode, steps) => {
      let wall = 1_700_000_000n
      const clock = new ChainClock(clockMode, () => wall)
      let head = { number: 0n, timestamp: clock.genesisTimestamp() }
      let increased: bigint | undefined
      for (const s of steps) {
        if (s.kind === 'increase') {
          clock.increaseTime(BigInt(s.seconds), head)
          increased = (increased ?? 0n) + BigInt(s.seconds)
          continue
        }
        wall += BigInt(s.wallAdvance)
        const timestamp = clock.timestampAfter(head)
        expect(timestamp).toBeGreaterThanOrEqual(head.timestamp + 1n)
        if (increased !== undefined) {
          expect(timestamp - head.timestamp).toBeGreaterThanOrEqual(increased)
          if (s.wallAdvance === 0 && clockMode.kind === 'wall') expect(timestamp - head.timestamp).toBe(increased)
        }
        increased = undefined
        head = { number: head.number + 1n, timestamp }
      }
    }),
  )
})
