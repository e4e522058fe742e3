import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { countCriteriaParameters } from '../../src/logs/index.ts'
import { parseLogFilter } from '../../src/rpc/logFilter.ts'
import { DEFAULT_PROFILE, resolveProfile } from '../../src/rpc/providers/providerProfile.ts'

/**
 * The parameter limit is checked on the filter's JSON before anything in it is validated: the count it takes
 * there must be the count of the parsed filter, so refusals stay exactly what they were.
 */

const hex = (bytes: number) => fc.uint8Array({ minLength: bytes, maxLength: bytes }).map((b) => `0x${Buffer.from(b).toString('hex')}`)
const address = hex(20)
const topic = hex(32)
const position = fc.oneof(
  fc.constant(null),
  topic,
  fc.array(fc.oneof({ weight: 5, arbitrary: topic }, { weight: 1, arbitrary: fc.constant(null) }), { maxLength: 6 }),
)
const filter = fc.record(
  {
    address: fc.oneof(address, fc.array(address, { maxLength: 8 }), fc.constant(null)),
    topics: fc.array(position, { maxLength: 4 }),
    fromBlock: fc.constantFrom('latest', '0x0', '0x5'),
  },
  { requiredKeys: [] },
)

describe('the parameter limit, counted first', () => {
  test('refuses exactly the filters whose parsed count passes the limit, with the same message', () => {
    fc.assert(
      fc.property(filter, fc.integer({ min: 0, max: 12 }), (raw, limit) => {
        const parsed = parseLogFilter('eth_getLogs', [raw], resolveProfile({ maxLogParams: 1_000 }))
        const count = countCriteriaParameters(parsed)
        const limits = resolveProfile({ maxLogParams: limit })
        if (count > limit) {
          expect(() => parseLogFilter('eth_getLogs', [raw], limits)).toThrow(
            expect.objectContaining({ code: -32005, message: `query has ${count} parameters (addresses and topics), more than the limit of ${limit}` }),
          )
        } else {
          expect(parseLogFilter('eth_getLogs', [raw], limits)).toEqual(parsed)
        }
      }),
      { numRuns: 400 },
    )
  })

  test('100,000 invalid addresses are refused for their number, before any of them is read', () => {
    const raw = { address: Array.from({ length: 100_000 }, () => 'not an address') }
    expect(() => parseLogFilter('eth_getLogs', [raw], DEFAULT_PROFILE)).toThrow(expect.objectContaining({ code: -32005 }))
  })
})
