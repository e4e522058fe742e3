// Synthetic chains for the log index tests (no EVM), and a naive reference that filters every log.
import type { Log } from '../../src/evm/types.ts'
import type { IndexedBlock, LogRangeQuery, IndexQueryResult, PositionedLog } from '../../src/logs/index.ts'

/** A 20-byte address whose last byte is `n`. */
export function address(n: number): Uint8Array {
  const bytes = new Uint8Array(20)
  bytes[0] = 0xaa
  bytes[19] = n
  return bytes
}

/** A 32-byte topic whose last two bytes are `n`, as an indexed small integer is. */
export function topic(n: number): Uint8Array {
  const bytes = new Uint8Array(32)
  bytes[30] = n >> 8
  bytes[31] = n & 0xff
  return bytes
}

/** A log from `address(a)` with topics `topic(t)` for each t; new arrays every time, as the EVM makes them. */
export function log(a: number, topics: readonly number[], data = 0): Log {
  return { address: address(a), topics: topics.map(topic), data: Uint8Array.of(data) }
}

/** A block of transactions given as their logs; `branch` makes the hashes differ from another branch's. */
export function block(number: bigint, transactions: readonly (readonly Log[])[], branch = 0): IndexedBlock {
  const hash = new Uint8Array(32)
  new DataView(hash.buffer).setBigUint64(0, number)
  hash[8] = branch
  return {
    number,
    hash,
    timestamp: 1_700_000_000n + number * 12n,
    transactions: transactions.map((logs, index) => {
      const transactionHash = hash.slice()
      transactionHash[9] = 1
      transactionHash[10] = index
      return { hash: transactionHash, logs }
    }),
  }
}

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex')

/** geth's matching rules, written plainly over hex strings: the behaviour the index must reproduce. */
export function referenceMatches(log: Log, criteria: Omit<LogRangeQuery, 'fromBlock' | 'toBlock'>): boolean {
  const addresses = (criteria.addresses ?? []).map(hex)
  if (addresses.length > 0 && !addresses.includes(hex(log.address))) return false
  const topics = criteria.topics ?? []
  if (topics.length > log.topics.length) return false
  for (let i = 0; i < topics.length; i++) {
    const spec = topics[i]
    if (spec === null || spec === undefined) continue
    const wanted = (spec instanceof Uint8Array ? [spec] : [...spec]).map(hex)
    if (wanted.length > 0 && !wanted.includes(hex(log.topics[i]!))) return false
  }
  return true
}

/** Every log of the blocks with its position, in chain order. */
export function positionedLogs(blocks: readonly IndexedBlock[]): PositionedLog[] {
  return blocks.flatMap((b) => {
    let logIndex = 0
    return b.transactions.flatMap((transaction, transactionIndex) =>
      transaction.logs.map((l) => ({
        address: l.address,
        topics: l.topics,
        data: l.data,
        blockNumber: b.number,
        blockHash: b.hash,
        blockTimestamp: b.timestamp,
        transactionHash: transaction.hash,
        transactionIndex,
        logIndex: logIndex++,
      })),
    )
  })
}

/** What a query over `blocks` (the canonical chain) must answer: a filter over every log. */
export function referenceQuery(blocks: readonly IndexedBlock[], criteria: LogRangeQuery, limit: number): IndexQueryResult {
  const inRange = (n: bigint, to: bigint) => n >= criteria.fromBlock && n <= to
  const matching = (to: bigint) => positionedLogs(blocks).filter((l) => inRange(l.blockNumber, to) && referenceMatches(l, criteria))
  const logs = matching(criteria.toBlock)
  if (logs.length <= limit) return { status: 'ok', logs }
  let to = criteria.toBlock
  while (to >= criteria.fromBlock && matching(to).length > limit) to--
  const suggestedRange = to >= criteria.fromBlock ? { from: criteria.fromBlock, to } : undefined
  return { status: 'tooManyResults', limit, suggestedRange }
}
