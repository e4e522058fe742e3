import { afterEach, describe, expect, test, vi } from 'vitest'
import type { Log } from '../../src/evm/types.ts'
import { type IndexedBlock, LogIndex, type LogRangeQuery } from '../../src/logs/index.ts'
import { address, block, log, topic } from './chains.ts'

/** An index of blocks 0..n-1, block k holding the given logs in one transaction each. */
function indexOf(blocks: readonly (readonly Log[])[]): { index: LogIndex; chain: IndexedBlock[] } {
  const index = new LogIndex()
  const chain = blocks.map((logs, n) =>
    block(
      BigInt(n),
      logs.map((l) => [l]),
    ),
  )
  for (const b of chain) index.append(b)
  return { index, chain }
}

/** `perBlock` logs from address 1 with topics [7] in each of `blocks` blocks. */
function uniformChain(blocks: number, perBlock: number): LogIndex {
  return indexOf(Array.from({ length: blocks }, () => Array.from({ length: perBlock }, () => log(1, [7])))).index
}

const everything = (index: LogIndex): LogRangeQuery => ({ fromBlock: 0n, toBlock: index.head ?? 0n })

const found = (index: LogIndex, criteria: LogRangeQuery): number[] => {
  const result = index.query(criteria, { limit: 10_000 })
  if (result.status !== 'ok') throw new Error(`query answered ${result.status}`)
  return result.logs.map((l) => l.data[0]!)
}

describe('result limit', () => {
  const index = uniformChain(101, 100)

  test('exactly the limit is answered', () => {
    const result = index.query({ fromBlock: 0n, toBlock: 99n, addresses: [address(1)] }, { limit: 10_000 })
    expect(result.status === 'ok' && result.logs.length).toBe(10_000)
  })

  test('one more than the limit → tooManyResults with the widest range that fits', () => {
    const result = index.query({ fromBlock: 0n, toBlock: 100n, addresses: [address(1)] }, { limit: 10_000 })
    expect(result).toEqual({ status: 'tooManyResults', limit: 10_000, suggestedRange: { from: 0n, to: 99n } })
  })

  test('the suggested range starts at fromBlock and ends before the block that overflows', () => {
    const result = index.query({ fromBlock: 10n, toBlock: 100n, topics: [topic(7)] }, { limit: 250 })
    expect(result).toEqual({ status: 'tooManyResults', limit: 250, suggestedRange: { from: 10n, to: 11n } })
  })

  test('suggested ranges of multi-field criteria are exact too', () => {
    const criteria = { fromBlock: 3n, toBlock: 100n, addresses: [address(1)], topics: [topic(7)] }
    expect(index.query(criteria, { limit: 1_000 })).toEqual({
      status: 'tooManyResults',
      limit: 1_000,
      suggestedRange: { from: 3n, to: 12n },
    })
    expect(index.count({ ...criteria, toBlock: 12n }, 1_000)).toBe(1_000)
  })

  test('no suggested range when fromBlock alone exceeds the limit', () => {
    const result = index.query({ fromBlock: 5n, toBlock: 6n }, { limit: 99 })
    expect(result).toEqual({ status: 'tooManyResults', limit: 99, suggestedRange: undefined })
  })

  test('count stops at cap + 1', () => {
    expect(index.count({ fromBlock: 0n, toBlock: 100n }, 5)).toBe(6)
    expect(index.count({ fromBlock: 0n, toBlock: 100n, topics: [null] }, 5)).toBe(6)
    expect(index.count({ fromBlock: 3n, toBlock: 4n }, 10_000)).toBe(200)
  })
})

describe('topic rules', () => {
  const logs = [log(1, [], 0), log(1, [1], 1), log(1, [1, 2], 2), log(1, [2, 1], 3), log(1, [3, 2, 1, 4], 4)]
  const { index } = indexOf([logs])
  const withTopics = (topics: LogRangeQuery['topics']) => found(index, { ...everything(index), topics })

  test('no topics, or [], matches every log', () => {
    expect(withTopics(undefined)).toEqual([0, 1, 2, 3, 4])
    expect(withTopics([])).toEqual([0, 1, 2, 3, 4])
  })

  test('[null] is a wildcard that still needs one topic: a log with none does not match', () => {
    expect(withTopics([null])).toEqual([1, 2, 3, 4])
  })

  test('N positions need N topics, trailing wildcards included', () => {
    expect(withTopics([topic(1), null])).toEqual([2])
    expect(withTopics([null, null, null, null])).toEqual([4])
    expect(withTopics([null, null, null, null, null])).toEqual([])
  })

  test('a value matches only at its position', () => {
    expect(withTopics([null, topic(1)])).toEqual([3])
    expect(withTopics([null, null, topic(1)])).toEqual([4])
  })

  test('an array is OR, an empty array a wildcard', () => {
    expect(withTopics([[topic(2), topic(3)]])).toEqual([3, 4])
    expect(withTopics([[], topic(2)])).toEqual([2, 4])
  })

  test('positions are ANDed', () => {
    expect(withTopics([topic(1), topic(2)])).toEqual([2])
    expect(
      withTopics([
        [topic(1), topic(2)],
        [topic(1), topic(2)],
      ]),
    ).toEqual([2, 3])
  })

  test('a value no log has matches nothing', () => {
    expect(withTopics([topic(99)])).toEqual([])
    expect(withTopics([[topic(99), topic(1)]])).toEqual([1, 2])
  })

  test('many OR alternatives at one position test each candidate by its own value', () => {
    const many = [topic(1), topic(2), topic(3), topic(4), topic(5), topic(6)]
    expect(withTopics([topic(2), many])).toEqual([3])
    expect(withTopics([many, many, many])).toEqual([4])
  })
})

describe('address rules', () => {
  const { index } = indexOf([[log(1, [], 0), log(2, [], 1), log(3, [], 2)], [log(1, [], 3)]])
  const withAddresses = (addresses: Uint8Array[] | undefined) => found(index, { ...everything(index), addresses })

  test('addresses are OR', () => {
    expect(withAddresses([address(1), address(3)])).toEqual([0, 2, 3])
  })

  test('an empty address list matches every address', () => {
    expect(withAddresses([])).toEqual([0, 1, 2, 3])
    expect(withAddresses(undefined)).toEqual([0, 1, 2, 3])
  })

  test('a repeated address counts its logs once', () => {
    expect(withAddresses([address(1), address(1)])).toEqual([0, 3])
    expect(index.count({ ...everything(index), addresses: [address(1), address(1)] }, 10)).toBe(2)
  })

  test('an unknown address matches nothing', () => {
    expect(withAddresses([address(9)])).toEqual([])
  })
})

describe('ranges', () => {
  const index = new LogIndex()
  for (let n = 5n; n <= 8n; n++) index.append(block(n, [[log(1, [], Number(n))]]))

  test('a range reaching past either end of the index is clamped to the indexed blocks', () => {
    expect(found(index, { fromBlock: 0n, toBlock: 100n })).toEqual([5, 6, 7, 8])
    expect(found(index, { fromBlock: 7n, toBlock: 7n })).toEqual([7])
  })

  test('an empty or reversed range matches nothing', () => {
    expect(found(index, { fromBlock: 0n, toBlock: 4n })).toEqual([])
    expect(found(index, { fromBlock: 9n, toBlock: 20n })).toEqual([])
    expect(found(index, { fromBlock: 7n, toBlock: 6n })).toEqual([])
  })

  test('an empty index answers nothing', () => {
    const empty = new LogIndex()
    expect(empty.head).toBeUndefined()
    expect(empty.query({ fromBlock: 0n, toBlock: 10n }, { limit: 1 })).toEqual({ status: 'ok', logs: [] })
    expect(empty.count({ fromBlock: 0n, toBlock: 10n }, 1)).toBe(0)
    expect(empty.logsOfBlock(0n)).toEqual([])
  })
})

describe('positions', () => {
  test('logsOfBlock gives block-wide log indexes, transaction indexes and hashes', () => {
    const index = new LogIndex()
    index.append(block(0n, [[log(1, [1])]]))
    const b = block(1n, [[log(1, [], 10), log(2, [], 11)], [], [log(3, [], 12)]])
    index.append(b)
    const at = (transactionIndex: number, i: number, logIndex: number) => ({
      ...b.transactions[transactionIndex]!.logs[i]!,
      blockNumber: 1n,
      blockHash: b.hash,
      blockTimestamp: b.timestamp,
      transactionHash: b.transactions[transactionIndex]!.hash,
      transactionIndex,
      logIndex,
    })
    expect(index.logsOfBlock(1n)).toEqual([at(0, 0, 0), at(0, 1, 1), at(2, 0, 2)])
    expect(index.logsOfBlock(2n)).toEqual([])
  })

  test('query answers carry the same positions as logsOfBlock', () => {
    const { index } = indexOf([[log(1, [])], [log(2, []), log(1, [])], [], [log(1, [])]])
    const result = index.query({ fromBlock: 0n, toBlock: 3n, addresses: [address(1)] }, { limit: 10 })
    const fromAddress1 = [0n, 1n, 3n].flatMap((n) => index.logsOfBlock(n)).filter((l) => l.address[19] === 1)
    expect(result).toEqual({ status: 'ok', logs: fromAddress1 })
  })
})

describe('reorgs', () => {
  test('truncate removes the newest blocks, says how many, and other blocks take their place', () => {
    const { index, chain } = indexOf([[log(1, [1], 0)], [log(1, [1], 1)], [log(1, [1], 2)], [log(1, [1], 3)]])
    expect(index.truncate(2n)).toBe(chain.length - 2)
    expect(index.head).toBe(1n)
    expect(found(index, { fromBlock: 0n, toBlock: 9n, topics: [topic(1)] })).toEqual([0, 1])
    const replacement = block(2n, [[log(2, [1], 20), log(1, [2], 21)]], 1)
    index.append(replacement)
    expect(found(index, { fromBlock: 0n, toBlock: 9n, topics: [topic(1)] })).toEqual([0, 1, 20])
    expect(found(index, { fromBlock: 0n, toBlock: 9n, addresses: [address(1)] })).toEqual([0, 1, 21])
    expect(index.logsOfBlock(2n).map((l) => l.blockHash)).toEqual([replacement.hash, replacement.hash])
  })

  test('truncating past the head removes nothing; truncating everything lets any block number start again', () => {
    const { index, chain } = indexOf([[log(1, [1])], [log(1, [1])]])
    expect(index.truncate(2n)).toBe(0)
    expect(index.truncate(0n)).toBe(chain.length)
    expect(index.head).toBeUndefined()
    index.append(block(40n, [[log(1, [1], 40)]]))
    expect(found(index, { fromBlock: 0n, toBlock: 40n, topics: [topic(1)] })).toEqual([40])
  })

  test('append refuses a block that does not follow the head', () => {
    const { index } = indexOf([[], []])
    expect(() => index.append(block(3n, []))).toThrow(RangeError)
    expect(() => index.append(block(1n, []))).toThrow(RangeError)
  })

  test('append refuses a log with more than four topics, indexing nothing of its block', () => {
    const index = new LogIndex()
    expect(() => index.append(block(0n, [[log(1, [1])], [log(1, [1, 2, 3, 4, 5])]]))).toThrow(RangeError)
    expect(index.head).toBeUndefined()
    expect(index.count({ fromBlock: 0n, toBlock: 0n }, 10)).toBe(0)
  })
})

describe('deadline', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  test('a deadline already past → timeout', () => {
    const index = uniformChain(2, 2)
    const result = index.query(everything(index), { limit: 10, deadline: performance.now() - 1 })
    expect(result).toEqual({ status: 'timeout' })
  })

  test('a deadline that passes during a scan → timeout, from inside the scan', () => {
    // No log has two topics, so [null, null] scans every log of the range and finds nothing.
    const index = uniformChain(50, 100)
    const now = vi.spyOn(performance, 'now').mockReturnValueOnce(0).mockReturnValue(2_000)
    const result = index.query({ ...everything(index), topics: [null, null] }, { limit: 10, deadline: 1_000 })
    expect(result).toEqual({ status: 'timeout' })
    expect(now.mock.calls.length).toBeGreaterThan(1)
  })

  test('a deadline that is not reached does not interfere', () => {
    const index = uniformChain(50, 100)
    const deadline = performance.now() + 60_000
    const result = index.query({ ...everything(index), topics: [null, null] }, { limit: 10, deadline })
    expect(result).toEqual({ status: 'ok', logs: [] })
  })
})
