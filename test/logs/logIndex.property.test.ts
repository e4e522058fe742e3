import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import type { Log } from '../../src/evm/types.ts'
import { type IndexedBlock, LogIndex, type LogRangeQuery, matchesCriteria } from '../../src/logs/index.ts'
import { address, block, log, positionedLogs, referenceMatches, referenceQuery, topic } from './chains.ts'

// Small value pools, so that values repeat across logs and positions; the last of each pool is on no log.
const ADDRESSES = 7
const TOPICS = 9

const logArb: fc.Arbitrary<Log> = fc
  .record({
    address: fc.integer({ min: 0, max: ADDRESSES - 2 }),
    topics: fc.array(fc.integer({ min: 0, max: TOPICS - 2 }), { maxLength: 4 }),
    data: fc.integer({ min: 0, max: 255 }),
  })
  .map((l) => log(l.address, l.topics, l.data))

const transactionsArb = fc.array(fc.array(logArb, { maxLength: 4 }), { maxLength: 4 })

const valuesArb = (pool: number, make: (n: number) => Uint8Array) => fc.array(fc.integer({ min: 0, max: pool - 1 }).map(make), { maxLength: 7 })

const topicSpecArb = fc.oneof(fc.constant(null), fc.integer({ min: 0, max: TOPICS - 1 }).map(topic), valuesArb(TOPICS, topic))

const matchArb = fc.record(
  {
    addresses: valuesArb(ADDRESSES, address),
    topics: fc.array(topicSpecArb, { maxLength: 5 }),
  },
  { requiredKeys: [] },
)

type Step =
  | { kind: 'append'; transactions: Log[][] }
  | { kind: 'truncate'; depth: number }
  | { kind: 'query'; match: Omit<LogRangeQuery, 'fromBlock' | 'toBlock'>; from: number; to: number; limit: number }

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: transactionsArb.map((transactions) => ({ kind: 'append' as const, transactions })) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 6 }).map((depth) => ({ kind: 'truncate' as const, depth })) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('query' as const),
      match: matchArb,
      from: fc.integer({ min: -2, max: 14 }),
      to: fc.integer({ min: -2, max: 14 }),
      limit: fc.integer({ min: 0, max: 12 }),
    }),
  },
)

/** Plays the steps on an index and on a plain list of blocks, checking the index after every step. */
function play(genesis: bigint, steps: readonly Step[]): void {
  const index = new LogIndex()
  let chain: IndexedBlock[] = []
  let branch = 0
  const nextNumber = () => (chain.length === 0 ? genesis : chain[chain.length - 1]!.number + 1n)
  for (const step of steps) {
    if (step.kind === 'append') {
      const b = block(nextNumber(), step.transactions, branch)
      index.append(b)
      chain.push(b)
    } else if (step.kind === 'truncate') {
      const from = nextNumber() - BigInt(step.depth)
      const kept = chain.filter((b) => b.number < from)
      expect(index.truncate(from)).toBe(chain.length - kept.length)
      chain = kept
      branch++
    } else {
      const fromBlock = genesis + BigInt(step.from)
      const criteria: LogRangeQuery = { ...step.match, fromBlock, toBlock: genesis + BigInt(step.to) }
      const expected = referenceQuery(chain, criteria, step.limit)
      expect(index.query(criteria, { limit: step.limit })).toEqual(expected)
      const total = referenceQuery(chain, criteria, Infinity)
      const count = total.status === 'ok' ? total.logs.length : -1
      expect(index.count(criteria, step.limit)).toBe(Math.min(count, step.limit + 1))
    }
    expect(index.head).toBe(chain.length === 0 ? undefined : chain[chain.length - 1]!.number)
  }
  for (const b of chain) expect(index.logsOfBlock(b.number)).toEqual(positionedLogs([b]))
}

describe('LogIndex against a filter over every log', () => {
  test('random appends, truncates and queries answer as the reference', () => {
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: 3n }), fc.array(stepArb, { maxLength: 40 }), play), { numRuns: 400 })
  })

  test('whole-chain queries with limits around the answer size answer as the reference', () => {
    fc.assert(
      fc.property(fc.array(transactionsArb, { minLength: 1, maxLength: 12 }), matchArb, fc.integer({ min: 0, max: 30 }), (blocks, match, limit) => {
        const index = new LogIndex()
        const chain = blocks.map((transactions, n) => block(BigInt(n), transactions))
        for (const b of chain) index.append(b)
        const criteria: LogRangeQuery = { ...match, fromBlock: 0n, toBlock: BigInt(chain.length - 1) }
        expect(index.query(criteria, { limit })).toEqual(referenceQuery(chain, criteria, limit))
      }),
      { numRuns: 400 },
    )
  })
})

describe('matchesCriteria', () => {
  test('agrees with the reference on random logs and criteria', () => {
    fc.assert(
      fc.property(logArb, matchArb, (l, match) => {
        expect(matchesCriteria(l, match)).toBe(referenceMatches(l, match))
      }),
      { numRuns: 2000 },
    )
  })
})
