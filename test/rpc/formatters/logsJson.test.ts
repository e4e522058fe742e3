import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { formatLog, formatPendingLog } from '../../../src/rpc/formatters/log.ts'
import { logChangesJson, logsJson as logsJsonBytes } from '../../../src/rpc/formatters/logsJson.ts'
import type { RawJson } from '../../../src/rpc/rawJson.ts'

const text = (json: RawJson) => json.text
const logsJson = (...args: Parameters<typeof logsJsonBytes>) => text(logsJsonBytes(...args))
const bytes = (length: number) => fc.uint8Array({ minLength: length, maxLength: length })
const log = fc.record({
  address: bytes(20),
  topics: fc.array(bytes(32), { maxLength: 4 }),
  data: fc.uint8Array({ maxLength: 200 }),
})
const positioned = fc.record({
  address: bytes(20),
  topics: fc.array(bytes(32), { maxLength: 4 }),
  data: fc.uint8Array({ maxLength: 200 }),
  blockNumber: fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }),
  blockHash: bytes(32),
  blockTimestamp: fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }),
  transactionHash: bytes(32),
  transactionIndex: fc.nat(),
  logIndex: fc.nat(),
})

describe('logsJson (the direct serializer of log answers)', () => {
  test('writes exactly what formatLog/formatPendingLog + JSON.stringify write', () => {
    fc.assert(
      fc.property(fc.array(positioned, { maxLength: 20 }), fc.array(log, { maxLength: 5 }), fc.boolean(), (mined, pending, removed) => {
        const expected = JSON.stringify([...mined.map((l) => formatLog(l, removed)), ...pending.map(formatPendingLog)])
        expect(logsJson(mined, pending, removed)).toBe(expected)
      }),
      { numRuns: 300 },
    )
  })

  test('filter changes: mined (removed or not) and pending, in their order, as the object formatters write them', () => {
    const change = fc.oneof(
      fc.record({ kind: fc.constant('mined' as const), log: positioned, removed: fc.boolean() }),
      fc.record({ kind: fc.constant('pending' as const), log }),
    )
    fc.assert(
      fc.property(fc.array(change, { maxLength: 20 }), (changes) => {
        const expected = JSON.stringify(changes.map((c) => (c.kind === 'mined' ? formatLog(c.log, c.removed) : formatPendingLog(c.log))))
        expect(text(logChangesJson(changes))).toBe(expected)
      }),
      { numRuns: 300 },
    )
  })

  test('logs sharing an address, a transaction or a block (the same arrays, as the index hands them out) are written as formatLog writes them', () => {
    // Transactions of blocks, each with several logs; values may repeat across blocks to catch a copy
    // taken from the wrong log.
    const transaction = fc.record({
      transactionHash: bytes(32),
      transactionIndex: fc.nat({ max: 3 }),
      logs: fc.array(
        fc.record({
          address: fc.constantFrom(...[1, 2].map((b) => new Uint8Array(20).fill(b))),
          topics: fc.array(bytes(32), { maxLength: 4 }),
          data: fc.uint8Array({ maxLength: 64 }),
        }),
        { minLength: 1, maxLength: 4 },
      ),
    })
    const block = fc.record({
      blockNumber: fc.bigInt({ min: 0n, max: 20n }),
      blockHash: bytes(32),
      blockTimestamp: fc.bigInt({ min: 0n, max: 20n }),
      transactions: fc.array(transaction, { minLength: 1, maxLength: 3 }),
    })
    fc.assert(
      fc.property(fc.array(block, { maxLength: 4 }), fc.boolean(), (blocks, removed) => {
        const mined = blocks.flatMap(({ transactions, ...position }) =>
          transactions.flatMap(({ logs, transactionHash, transactionIndex }) =>
            logs.map((log, logIndex) => ({ ...log, ...position, transactionHash, transactionIndex, logIndex })),
          ),
        )
        expect(logsJson(mined, [], removed)).toBe(JSON.stringify(mined.map((l) => formatLog(l, removed))))
      }),
      { numRuns: 300 },
    )
  })

  test('quantities of any size, up to 2^256', () => {
    const huge = fc.bigInt({ min: 0n, max: 2n ** 256n })
    fc.assert(
      fc.property(fc.array(fc.record({ blockNumber: huge, blockTimestamp: huge }), { minLength: 1, maxLength: 5 }), (positions) => {
        const mined = positions.map((p, i) => ({
          address: new Uint8Array(20),
          topics: [],
          data: new Uint8Array(1),
          blockHash: new Uint8Array(32),
          transactionHash: new Uint8Array(32).fill(i),
          transactionIndex: i,
          logIndex: i,
          ...p,
        }))
        expect(logsJson(mined)).toBe(JSON.stringify(mined.map((l) => formatLog(l, false))))
      }),
      { numRuns: 100 },
    )
  })

  test('a huge first log does not size the whole answer by itself', () => {
    const position = { blockNumber: 1n, blockHash: new Uint8Array(32), blockTimestamp: 1n, transactionHash: new Uint8Array(32), transactionIndex: 0 }
    const big = { address: new Uint8Array(20), topics: [], data: new Uint8Array(210_000).fill(1), ...position, logIndex: 0 }
    const small = Array.from({ length: 9_999 }, (_, i) => ({ address: new Uint8Array(20), topics: [], data: new Uint8Array(32), ...position, logIndex: i + 1 }))
    const parsed = JSON.parse(logsJson([big, ...small])) as Array<{ data: string }>
    expect(parsed).toHaveLength(10_000)
    expect(parsed[0]!.data).toHaveLength(2 + 420_000)
  })

  test('grows past its size estimate without losing bytes', () => {
    const big = { address: new Uint8Array(20), topics: [], data: new Uint8Array(50_000).fill(0xab) }
    expect(JSON.parse(logsJson([], [big, big]))).toHaveLength(2)
  })
})
