import { describe, expect, test } from 'vitest'
import { exactInteger, parseUnsigned } from '../../src/scenarios/amounts.ts'
import { checkValue, gethOrderProblem } from '../../src/scenarios/expectations.ts'
import { parseAmount, referencesIn, resolve } from '../../src/scenarios/values.ts'
import { ValueError } from '../../src/scenarios/errors.ts'

describe('amounts', () => {
  test.each([
    ['1000', 1000n],
    ['0x3e8', 1000n],
    ['250e18', 250n * 10n ** 18n],
    ['1.5e3', 1500n],
    ['1.5 ether', 15n * 10n ** 17n],
    ['2 gwei', 2_000_000_000n],
    ['7 wei', 7n],
    ['0.000000001 ether', 1_000_000_000n],
  ])('%s → %s', (text, value) => {
    expect(parseUnsigned(text)).toBe(value)
    expect(parseAmount(text)).toBe(value)
  })

  test('what is not a whole non-negative integer is refused', () => {
    expect(exactInteger('1.5')).toBeUndefined()
    expect(parseUnsigned('1.5 wei')).toBeUndefined()
    expect(parseUnsigned('ten')).toBeUndefined()
    expect(() => parseAmount('1.5', 'value')).toThrow(new ValueError('value: "1.5" is not an integer (write 1000, 0x3e8, 250e18 or 1.5 ether)'))
    expect(() => parseAmount(-1, 'value')).toThrow('value: -1 is not a non-negative integer')
    expect(() => parseAmount(2 ** 60, 'value')).toThrow('is not a non-negative integer')
  })
})

describe('$names', () => {
  const bindings = new Map<string, unknown>([
    ['alice', '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'],
    ['signed', { raw: '0x02f8', hash: '0xabc' }],
    ['logs', [{ topics: ['0x01', '0x02'] }]],
  ])

  test('are replaced anywhere in a value, with paths into objects and arrays', () => {
    expect(resolve({ to: '$alice', add: ['$signed.raw'], t: '$logs.0.topics.1', n: '$logs.length', keep: 'alice$', big: 5n }, bindings)).toEqual({
      to: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
      add: ['0x02f8'],
      t: '0x02',
      n: 1,
      keep: 'alice$',
      big: 5n,
    })
  })

  test('$$ is a literal dollar; $event and $word compute topics', () => {
    expect(resolve('$$alice', bindings)).toBe('$alice')
    expect(resolve('$event(Transfer(address, address, uint256))', bindings)).toBe('0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef')
    expect(resolve('$word($alice)', bindings)).toBe('0x000000000000000000000000f39fd6e51aad88f6f4ce6ab8827279cfffb92266')
    expect(resolve('$word(1 gwei)', bindings)).toBe(`0x${(10n ** 9n).toString(16).padStart(64, '0')}`)
  })

  test('an unbound name or a missing field says what is bound', () => {
    expect(() => resolve('$bob', bindings)).toThrow('$bob is not bound (bound so far: $alice, $signed, $logs)')
    expect(() => resolve('$signed.nonce', bindings)).toThrow('$signed has no field "nonce" (it is an object)')
  })

  test('references are found with where they are, inside helpers too', () => {
    expect(referencesIn({ a: ['x', '$alice.y'], b: '$word($bob)', c: '$event(T(uint256))', d: '$$no' })).toEqual([
      { name: 'alice', path: ['a', 1] },
      { name: 'bob', path: ['b'] },
    ])
  })
})

describe('expectations', () => {
  const log = { blockNumber: '0x3', logIndex: '0x0', removed: false, topics: ['0xAB', '0x01'], data: '0x' }

  test('numbers match hex quantities and decimal strings; hex compares without case', () => {
    expect(checkValue(log, { fields: { blockNumber: 3, 'topics.0': '0xab' } })).toEqual([])
    expect(checkValue('250000000000000000000', { equal: 250n * 10n ** 18n })).toEqual([])
    expect(checkValue('0x3', { equal: '3' })).toHaveLength(1)
  })

  test('contains: object fields, array elements in order (others between), substrings', () => {
    expect(checkValue([1, 2, 3, 4], { contains: [2, 4] })).toEqual([])
    expect(checkValue([1, 2, 3, 4], { contains: [4, 2] })[0]!.message).toBe(
      'result does not contain the expected value at (top): element 1 of the expected array (2) not found after element 3',
    )
    expect(checkValue({ message: 'query returned more than 5 results' }, { contains: { message: 'more than 5' } })).toEqual([])
    expect(checkValue([log], { contains: [{ removed: false, topics: ['0xab'] }] })).toEqual([])
  })

  test('equal is exact: an extra field fails, and the failure carries a diff', () => {
    const [failure] = checkValue({ a: 1, b: 2 }, { equal: { a: 1 } })
    expect(failure!.message).toBe('result is not equal at (top): unexpected field b')
    expect(failure!.diff).toBe('  {\n-   "a": 1\n+   "a": 1,\n+   "b": 2\n  }')
  })

  test('includes: each element somewhere, in any order, each matched by a different element', () => {
    expect(checkValue([1, 2, 3, 4], { includes: [4, 2] })).toEqual([])
    expect(checkValue([log, { ...log, logIndex: '0x1' }], { includes: [{ logIndex: 1 }, { removed: false }] })).toEqual([])
    // Two expectations that one element alone meets need two elements.
    expect(checkValue([{ removed: false, logIndex: '0x0' }], { includes: [{ removed: false }, { logIndex: 0 }] })[0]!.message).toBe(
      'result at (top): element 1 of the expected elements ({"logIndex":0}) is not among the 1 elements',
    )
    expect(checkValue('0x1', { includes: [1] })[0]!.message).toBe('result at (top): expected an array, got "0x1"')
  })

  test('oneOf, and comparisons on quantities and counts', () => {
    expect(checkValue('0x5', { oneOf: [4, 5] })).toEqual([])
    expect(checkValue('0x6', { oneOf: [4, 5] })[0]!.message).toBe('result at (top): expected one of [4,5], got "0x6"')
    expect(checkValue('0x5', { gt: 4, lte: '0x5' })).toEqual([])
    expect(checkValue('1000000000000000000', { gte: '1 ether', lt: 2n * 10n ** 18n })).toEqual([])
    expect(checkValue('0x5', { lt: 5 })[0]!.message).toBe('result at (top): expected a number less than 5, got "0x5"')
    expect(checkValue([1, 2, 3], { length: { gte: 2, lte: 3 } })).toEqual([])
    expect(checkValue([1], { length: { gte: 2 } })[0]!.message).toBe('result length: expected at least 2, got 1')
  })

  test('matchers may stand wherever a value is expected', () => {
    const receipt = { status: '0x1', gasUsed: '0xb411', logs: [log] }
    expect(checkValue(receipt, { fields: { gasUsed: { gt: 21000, lt: 50000 }, status: { oneOf: ['0x1'] } } })).toEqual([])
    expect(checkValue(receipt, { contains: { logs: [{ blockNumber: { gte: 3 } }] } })).toEqual([])
    expect(checkValue(receipt, { fields: { gasUsed: { lt: 21000 } } })[0]!.message).toBe('result.gasUsed: expected {"lt":21000}, got "0xb411"')
    // An object with other keys is a value, compared as one.
    expect(checkValue({ gt: 1, other: 2 }, { equal: { gt: 1, other: 2 } })).toEqual([])
  })

  test('length, matches and differs', () => {
    expect(checkValue([1, 2], { length: 3 })[0]!.message).toBe('result length: expected 3, got 2')
    expect(checkValue(log, { matches: { 'topics.0': '^0x[A-F]+$' } })).toEqual([])
    expect(checkValue(log, { matches: { data: '^0x.+' } })[0]!.message).toBe('result.data: "0x" does not match /^0x.+/')
    expect(checkValue(log, { differs: { blockNumber: 3 } })[0]!.message).toBe('result.blockNumber: expected anything but 3, got it')
    expect(checkValue(log, { differs: { blockNumber: 4 } })).toEqual([])
  })
})

describe("geth's order, event by event", () => {
  const log = (removed: boolean, block: number | null, index: number | null, hash = 'a') => ({
    removed,
    blockHash: block === null ? null : `0x${hash}${block}`,
    blockNumber: block === null ? null : `0x${block.toString(16)}`,
    logIndex: index === null ? null : `0x${index.toString(16)}`,
  })

  test('one reorg: the removed logs, then the new branch; pending logs anywhere', () => {
    expect(
      gethOrderProblem([
        log(false, 5, 0),
        log(false, 5, 1),
        log(false, 6, 0),
        log(true, 5, 0),
        log(true, 5, 1),
        log(true, 6, 0),
        log(false, 6, 0, 'b'),
        log(false, 7, 0, 'b'),
      ]),
    ).toBeUndefined()
    expect(gethOrderProblem([log(false, 2, 0), log(false, null, null), log(false, 3, 0)])).toBeUndefined()
  })

  test('several reorgs between two looks, each in its order', () => {
    const twoReorgs = [
      log(false, 3, 0),
      log(false, 4, 0),
      log(true, 4, 0),
      log(false, 4, 0, 'b'),
      log(false, 5, 0, 'b'),
      log(true, 3, 0),
      log(true, 4, 0, 'b'),
      log(true, 5, 0, 'b'),
      log(false, 3, 0, 'c'),
    ]
    expect(gethOrderProblem(twoReorgs)).toBeUndefined()
    // Two rollbacks, each deeper than the last.
    expect(gethOrderProblem([log(false, 5, 0), log(false, 6, 0), log(true, 6, 0), log(true, 5, 0)])).toBeUndefined()
  })

  test('what no sequence of events gives', () => {
    expect(gethOrderProblem([log(false, 6, 0), log(false, 5, 0)])).toBe(
      'entry 1 (block 5, log 0) comes after block 6, log 0 (entry 0), which was not removed before it',
    )
    expect(gethOrderProblem([log(false, 5, 1), log(false, 5, 1)])).toBe(
      'entry 1 (block 5, log 1) comes after block 5, log 1 (entry 0), which was not removed before it',
    )
    expect(gethOrderProblem([log(false, 5, 0), log(false, 6, 0), log(true, 5, 0), log(false, 5, 0, 'b')])).toBe(
      'entry 2 removed block 5, log 0, but the log at block 6, log 0 (entry 1) stayed on the chain',
    )
    expect(gethOrderProblem([log(false, 5, 0), log(false, 6, 0), log(true, 5, 0)])).toMatch(/^entry 2 removed block 5, log 0, but the log at block 6/)
    expect(gethOrderProblem([log(true, 5, 1), log(true, 5, 1)])).toBe('entry 1 (block 5, log 1) is removed a second time without having been added back')
  })
})
