import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { toRpcErrorObject } from '../../../src/errors.ts'
import type { PositionedLog } from '../../../src/logs/index.ts'
import { logsJson } from '../../../src/rpc/formatters/logsJson.ts'
import { PROVIDER_NAMES, resolveProfile } from '../../../src/rpc/providers/providerProfile.ts'
import type { ProviderName } from '../../../src/rpc/providers/providerProfile.ts'
import type { LimitRefusal } from '../../../src/rpc/providers/providerShape.ts'
import { responseSizeRefusal } from '../../../src/rpc/providers/responseSize.ts'

const requested = { from: 0x10n, to: 0x40n }
const REFUSALS: Record<LimitRefusal['status'], LimitRefusal> = {
  tooManyParameters: { status: 'tooManyParameters', count: 1001, limit: 1000, perPosition: true },
  rangeTooWide: { status: 'rangeTooWide', limit: 0x10, requested },
  tooManyResults: { status: 'tooManyResults', limit: 10_000, requested, suggestedRange: { from: 0x10n, to: 0x1fn } },
  responseTooLarge: { status: 'responseTooLarge', limit: 150_000_000, requested, suggestedRange: { from: 0x10n, to: 0x2fn } },
  timeout: { status: 'timeout', requested },
}

/** What each provider answers for each limit: the error object and the HTTP status it travels with. */
const EXPECTED: Record<ProviderName, Record<LimitRefusal['status'], [object, number?]>> = {
  infura: {
    tooManyParameters: [{ code: -32000, message: 'exceed max addresses or topics per search position' }],
    rangeTooWide: [{ code: -32602, message: 'range 48 exceeds limit of 16' }],
    tooManyResults: [
      {
        code: -32005,
        message: 'query returned more than 10000 results. Try with this block range [0x10, 0x1f].',
        data: { from: '0x10', to: '0x1f', limit: 10000 },
      },
    ],
    responseTooLarge: [{ code: -32003, message: 'response too large' }],
    timeout: [{ code: -32005, message: 'query timeout exceeded' }],
  },
  alchemy: {
    tooManyParameters: [{ code: -32000, message: 'exceed max addresses or topics per search position' }],
    rangeTooWide: [
      {
        code: -32600,
        message:
          'Under the Free tier plan, you can make eth_getLogs requests with up to a 16 block range. Based on your parameters, this block range should work: [0x10, 0x20]. Upgrade to PAYG for expanded block range.',
      },
      400,
    ],
    tooManyResults: [
      {
        code: -32602,
        message:
          'Log response size exceeded. You can make eth_getLogs requests with up to a 2K block range and no limit on the response size, or you can request any block range with a cap of 10K logs in the response. Based on your parameters and the response size limit, this block range should work: [0x10, 0x1f]',
      },
    ],
    responseTooLarge: [
      { code: -32602, message: 'Log response size exceeded. Based on your parameters and the response size limit, this block range should work: [0x10, 0x2f]' },
    ],
    timeout: [
      {
        code: -32000,
        message:
          'Query timeout exceeded. Consider reducing your block range. Based on your parameters and the response size limit, this block range should work: [0x10, 0x28]',
      },
      400,
    ],
  },
  quicknode: {
    tooManyParameters: [{ code: -32000, message: 'exceed max addresses or topics per search position' }],
    rangeTooWide: [{ code: -32614, message: 'eth_getLogs is limited to a 16 range' }, 413],
    tooManyResults: [{ code: -32005, message: 'query returned more than 10000 results', data: { limit: 10000 } }],
    responseTooLarge: [{ code: -32003, message: 'response too large' }],
    timeout: [{ code: -32002, message: 'request timed out' }],
  },
  geth: {
    tooManyParameters: [{ code: -32000, message: 'exceed max addresses or topics per search position' }],
    rangeTooWide: [{ code: -32000, message: 'exceed maximum block range: 16' }],
    tooManyResults: [{ code: -32005, message: 'query returned more than 10000 results', data: { limit: 10000 } }],
    responseTooLarge: [{ code: -32003, message: 'response too large' }],
    timeout: [{ code: -32002, message: 'request timed out' }],
  },
  none: {
    tooManyParameters: [{ code: -32000, message: 'exceed max addresses or topics per search position' }],
    rangeTooWide: [{ code: -32000, message: 'exceed maximum block range: 16' }],
    tooManyResults: [{ code: -32005, message: 'query returned more than 10000 results', data: { limit: 10000 } }],
    responseTooLarge: [{ code: -32003, message: 'response too large' }],
    timeout: [{ code: -32002, message: 'request timed out' }],
  },
}

describe('each provider words each limit as it does', () => {
  for (const name of PROVIDER_NAMES) {
    for (const [status, refusal] of Object.entries(REFUSALS)) {
      test(`${name}: ${status}`, () => {
        const error = resolveProfile({ profile: name }).refusalError(refusal)
        const [object, httpStatus] = EXPECTED[name][status as LimitRefusal['status']]
        expect(toRpcErrorObject(error)).toEqual(object)
        expect(error.httpStatus).toBe(httpStatus)
      })
    }
  }

  test("Infura's total parameter count, as the error table has it", () => {
    const error = resolveProfile().refusalError({ status: 'tooManyParameters', count: 5001, limit: 5000, perPosition: false })
    expect(toRpcErrorObject(error)).toEqual({ code: -32005, message: 'query has 5001 parameters (addresses and topics), more than the limit of 5000' })
  })
})

describe('resolving a profile from the config', () => {
  test("each provider's own limits; Infura's are the default", () => {
    expect(resolveProfile().logLimits).toEqual({ maxLogResults: 10_000, queryTimeoutMs: 10_000, maxLogParams: 5_000 })
    expect(resolveProfile({ profile: 'alchemy' })).toMatchObject({
      logLimits: { maxLogResults: 10_000, uncappedBlockRange: 2_000, queryTimeoutMs: 10_000, maxParamsPerPosition: 1_000 },
      maxResponseBytes: 150_000_000,
    })
    expect(resolveProfile({ profile: 'quicknode' }).logLimits).toEqual({ maxBlockRange: 10_000 })
    expect(resolveProfile({ profile: 'geth' }).logLimits).toEqual({ maxParamsPerPosition: 1_000 })
    expect(resolveProfile({ profile: 'none' }).logLimits).toEqual({})
  })

  test('a key overrides its cap, null removes it, and the rest stay the provider’s', () => {
    expect(resolveProfile({ maxLogResults: 50, queryTimeoutMs: null, maxBlockRange: 7 }).logLimits).toEqual({
      maxLogResults: 50,
      maxLogParams: 5_000,
      maxBlockRange: 7,
    })
    expect(resolveProfile({ profile: 'alchemy', maxResponseBytes: null }).maxResponseBytes).toBeUndefined()
  })

  test('oddities are off unless switched on, and then shape the suggested range', () => {
    expect(resolveProfile().oddities).toEqual({ suggestionEqualsRequest: false, suggestionExceedsLimit: false })
    const same = resolveProfile({ oddities: { suggestionEqualsRequest: true } }).refusalError(REFUSALS.tooManyResults)
    expect(same.data).toEqual({ from: '0x10', to: '0x40', limit: 10_000 })
    const wider = resolveProfile({ oddities: { suggestionExceedsLimit: true } }).refusalError(REFUSALS.tooManyResults)
    expect(wider.data).toEqual({ from: '0x10', to: '0x20', limit: 10_000 })
  })
})

describe('the response size is counted exactly as the answer is written', () => {
  const bytes = (length: number) => fc.uint8Array({ minLength: length, maxLength: length })
  const log = fc.record({
    address: bytes(20),
    topics: fc.array(bytes(32), { maxLength: 4 }),
    data: fc.uint8Array({ maxLength: 200 }),
    blockNumber: fc.bigInt({ min: 0n, max: 2n ** 40n }),
    blockHash: bytes(32),
    blockTimestamp: fc.bigInt({ min: 0n, max: 2n ** 40n }),
    transactionHash: bytes(32),
    transactionIndex: fc.nat({ max: 5000 }),
    logIndex: fc.nat({ max: 5000 }),
  })
  const sorted = fc
    .array(log, { maxLength: 12 })
    .map((logs) => logs.sort((a, b) => (a.blockNumber < b.blockNumber ? -1 : a.blockNumber > b.blockNumber ? 1 : 0)))

  test('an answer is refused exactly when its JSON passes the cap; the range suggested ends before the block that overflows', () => {
    fc.assert(
      fc.property(sorted, fc.integer({ min: 2, max: 6000 }), (logs: PositionedLog[], cap) => {
        const size = logsJson(logs).text.length
        const range = { from: 0n, to: 2n ** 41n }
        const refusal = responseSizeRefusal(logs, [], cap, range)
        expect(refusal !== undefined).toBe(size > cap)
        if (refusal?.suggestedRange) {
          const fitting = logs.filter((l) => l.blockNumber <= refusal.suggestedRange!.to)
          expect(logsJson(fitting).text.length).toBeLessThanOrEqual(cap)
          expect(fitting.length).toBeLessThan(logs.length)
        }
      }),
      { numRuns: 300 },
    )
  })
})
