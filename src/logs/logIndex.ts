import { topicCountOf, topicOf } from '../evm/index.ts'
import type { Log } from '../evm/types.ts'
import { Deadline } from './deadline.ts'
import { QueryTimeout } from './errors.ts'
import type { IdStream } from './idStreams.ts'
import { type IndexView, planQuery } from './planQuery.ts'
import { PostingTable } from './postingTable.ts'
import { upperBound, withCapacity } from './sortedIds.ts'
import type { IndexedBlock, LogRangeQuery, LogQueryOptions, IndexQueryResult, PositionedLog } from './types.ts'

export type { IndexedBlock, LogRangeQuery, LogQueryOptions, IndexQueryResult, PositionedLog } from './types.ts'

/** EVM logs carry at most four topics (LOG0 to LOG4): one posting table per position. */
const MAX_TOPICS = 4
/** Bytes of a block or transaction hash. */
const HASH = 32

/** The ids `[from, to)` of the blocks `firstBlock..lastBlock` (indexes into the stored blocks) of a query. */
interface IdRange {
  from: number
  to: number
  firstBlock: number
  lastBlock: number
}

/**
 * The canonical chain's logs, indexed by address and by topic at each position: serves `eth_getLogs` and
 * `eth_getFilterLogs`, and the positions of logs that filters and subscriptions announce.
 *
 * Every log gets an id: its position in canonical order, so ids are dense and a block's logs are the ids from
 * its first id to the next block's. Each posting list holds ascending ids; a range is two binary searches in
 * it. A query counts before it builds anything, and builds only answers that fit the limit. A reorg pops
 * the removed ids from the tails of the lists they are in: its cost is the removed logs', not the chain's.
 *
 * @example
 * const index = new LogIndex()
 * index.append(block)
 * const result = index.query({ fromBlock: 0n, toBlock: 100n, addresses: [token] }, { limit: 10_000 })
 */
export class LogIndex {
  /** Number of the oldest block; `undefined` while empty. */
  private first: bigint | undefined
  /**
   * Blocks held, by index k from the oldest. What the index keeps of a block (hash, timestamp, its
   * transactions' hashes) sits in typed arrays rather than objects: a block of the chain stays in the
   * index for good, and an object per block and per transaction cost ~500 bytes where these cost ~80.
   */
  private blockCount = 0
  /** `blockStarts[k]` is the first id of block k; `blockStarts[blockCount]` the number of logs. */
  private blockStarts = new Uint32Array(256)
  private blockHashes = new Uint8Array(256 * HASH)
  private timestamps = new Float64Array(256)
  /** `transactionStarts[k]` is block k's first transaction in `transactionHashes` (in hashes, not bytes). */
  private transactionStarts = new Uint32Array(256)
  private transactionHashes = new Uint8Array(256 * HASH)
  /** The transaction index of every log, by id. */
  private transactionIndexes = new Uint32Array(1024)

  /** Every log, by id, kept by reference: the index copies no bytes. */
  private readonly logs: Log[] = []
  private topicCounts = new Uint8Array(1024)
  private readonly addresses = new PostingTable((id) => this.logs[id]!.address)
  private readonly topics = Array.from({ length: MAX_TOPICS }, (_, position) => new PostingTable((id) => topicOf(this.logs[id]!, position)))

  /** Number of the newest block; `undefined` while empty. */
  get head(): bigint | undefined {
    return this.first === undefined ? undefined : this.first + BigInt(this.blockCount - 1)
  }

  /**
   * Adds the next canonical block. Its number must be head + 1; the first block (or the first after a
   * truncation that left nothing) may have any number. The block and its logs are kept by reference.
   */
  append(block: IndexedBlock): void {
    const head = this.head
    if (head !== undefined && block.number !== head + 1n) {
      throw new RangeError(`block ${block.number} does not follow the head ${head}`)
    }
    let logCount = 0
    for (const transaction of block.transactions) {
      for (const log of transaction.logs) {
        const count = topicCountOf(log)
        if (count > MAX_TOPICS) throw new RangeError(`a log has ${count} topics, more than ${MAX_TOPICS}`)
      }
      logCount += transaction.logs.length
    }
    let id = this.logs.length
    this.transactionIndexes = withCapacity(this.transactionIndexes, id + logCount)
    this.topicCounts = withCapacity(this.topicCounts, id + logCount)
    block.transactions.forEach((transaction, transactionIndex) => {
      for (const log of transaction.logs) {
        const count = topicCountOf(log)
        this.logs.push(log)
        this.transactionIndexes[id] = transactionIndex
        this.topicCounts[id] = count
        this.addresses.add(log.address, id)
        for (let position = 0; position < count; position++) this.topics[position]!.add(topicOf(log, position), id)
        id++
      }
    })
    this.first ??= block.number
    const k = this.blockCount++
    const transactionsFrom = this.transactionStarts[k]!
    this.blockStarts = withCapacity(this.blockStarts, k + 2)
    this.blockStarts[k + 1] = id
    this.blockHashes = withCapacity(this.blockHashes, (k + 1) * HASH)
    this.blockHashes.set(block.hash, k * HASH)
    this.timestamps = withCapacity(this.timestamps, k + 1)
    // Exact below 2^53 seconds: any timestamp a block can carry.
    this.timestamps[k] = Number(block.timestamp)
    const transactionsTo = transactionsFrom + block.transactions.length
    this.transactionStarts = withCapacity(this.transactionStarts, k + 2)
    this.transactionStarts[k + 1] = transactionsTo
    this.transactionHashes = withCapacity(this.transactionHashes, transactionsTo * HASH)
    block.transactions.forEach((transaction, i) => {
      this.transactionHashes.set(transaction.hash, (transactionsFrom + i) * HASH)
    })
  }

  /** Removes the blocks numbered `fromNumber` and above (a reorg); returns how many it removed. */
  truncate(fromNumber: bigint): number {
    const head = this.head
    if (this.first === undefined || head === undefined || fromNumber > head) return 0
    const kept = fromNumber <= this.first ? 0 : Number(fromNumber - this.first)
    const firstRemoved = this.blockStarts[kept]!
    // Newest first, so that each id is the tail of every list it is in.
    for (let id = this.logs.length - 1; id >= firstRemoved; id--) {
      const log = this.logs[id]!
      for (let position = topicCountOf(log) - 1; position >= 0; position--) {
        this.topics[position]!.removeLast(topicOf(log, position), id)
      }
      this.addresses.removeLast(log.address, id)
    }
    this.logs.length = firstRemoved
    if (kept === 0) this.first = undefined
    const removed = this.blockCount - kept
    this.blockCount = kept
    return removed
  }

  /** All logs of the canonical block `number`, in block order; `[]` for a block not in the index. */
  logsOfBlock(number: bigint): PositionedLog[] {
    const head = this.head
    if (this.first === undefined || head === undefined || number < this.first || number > head) return []
    const k = Number(number - this.first)
    const logs: PositionedLog[] = []
    const fields = new PositionFields()
    for (let id = this.blockStarts[k]!; id < this.blockStarts[k + 1]!; id++) logs.push(this.positioned(id, k, fields))
    return logs
  }

  /**
   * The canonical logs matching `criteria`, in chain order, if there are at most `options.limit` of them.
   * Beyond the limit, the widest range from `fromBlock` that fits, found without building the logs. Past
   * `options.deadline`, `timeout`: the clock is read while scanning, not after.
   */
  query(criteria: LogRangeQuery, options: LogQueryOptions): IndexQueryResult {
    const deadline = new Deadline(options.deadline ?? Infinity)
    try {
      deadline.check()
      const range = this.idRange(criteria)
      if (range === undefined) return { status: 'ok', logs: [] }
      const { limit } = options
      const plan = planQuery(this.view(), criteria, range.from, range.to, deadline)
      if (plan.countBelow !== undefined && plan.countBelow(range.to) > limit) {
        return this.tooManyResults(criteria, limit, this.blockOfMatch(plan.countBelow, limit + 1, range))
      }
      const ids = collect(plan.stream, limit + 1, deadline)
      if (ids.length > limit) {
        return this.tooManyResults(criteria, limit, this.blockOf(ids[limit]!, range.firstBlock))
      }
      const logs: PositionedLog[] = []
      const fields = new PositionFields()
      let k = -1
      for (const id of ids) {
        deadline.step()
        if (id >= this.blockStarts[k + 1]!) k = this.blockOf(id, k + 1)
        logs.push(this.positioned(id, k, fields))
      }
      return { status: 'ok', logs }
    } catch (error) {
      if (error instanceof QueryTimeout) return { status: 'timeout' }
      throw error
    }
  }

  /** The number of canonical logs matching `criteria`, or `cap + 1` if there are more than `cap`. No deadline. */
  count(criteria: LogRangeQuery, cap: number): number {
    const range = this.idRange(criteria)
    if (range === undefined) return 0
    const deadline = new Deadline(Infinity)
    const plan = planQuery(this.view(), criteria, range.from, range.to, deadline)
    if (plan.countBelow !== undefined) return Math.min(plan.countBelow(range.to), cap + 1)
    return collect(plan.stream, cap + 1, deadline).length
  }

  private view(): IndexView {
    return { logs: this.logs, topicCounts: this.topicCounts, addresses: this.addresses, topics: this.topics }
  }

  /** The part of the criteria's range that is indexed; `undefined` if none is. */
  private idRange(criteria: LogRangeQuery): IdRange | undefined {
    const head = this.head
    if (this.first === undefined || head === undefined) return undefined
    const fromBlock = criteria.fromBlock > this.first ? criteria.fromBlock : this.first
    const toBlock = criteria.toBlock < head ? criteria.toBlock : head
    if (fromBlock > toBlock) return undefined
    const firstBlock = Number(fromBlock - this.first)
    const lastBlock = Number(toBlock - this.first)
    return { from: this.blockStarts[firstBlock]!, to: this.blockStarts[lastBlock + 1]!, firstBlock, lastBlock }
  }

  /** Index of the block holding the `n`th match: binary search over the blocks with exact counts. */
  private blockOfMatch(countBelow: (bound: number) => number, n: number, range: IdRange): number {
    let lo = range.firstBlock
    let hi = range.lastBlock
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (countBelow(this.blockStarts[mid + 1]!) >= n) hi = mid
      else lo = mid + 1
    }
    return lo
  }

  /** Index of the block holding log `id`, searching from block index `from` on. */
  private blockOf(id: number, from: number): number {
    return upperBound(this.blockStarts, id, from, this.blockCount) - 1
  }

  /** Results beyond the limit: every block before `blockOfExtra`, which holds match `limit + 1`, fits. */
  private tooManyResults(criteria: LogRangeQuery, limit: number, blockOfExtra: number): IndexQueryResult {
    const to = this.first! + BigInt(blockOfExtra) - 1n
    const suggestedRange = to >= criteria.fromBlock ? { from: criteria.fromBlock, to } : undefined
    return { status: 'tooManyResults', limit, suggestedRange }
  }

  private positioned(id: number, k: number, fields: PositionFields): PositionedLog {
    const log = this.logs[id]!
    const transactionIndex = this.transactionIndexes[id]!
    fields.atBlock(this.first!, this.blockHashes, this.timestamps, k)
    fields.atTransaction(this.transactionHashes, this.transactionStarts[k]! + transactionIndex)
    return {
      address: log.address,
      topics: log.topics,
      data: log.data,
      blockNumber: fields.blockNumber,
      blockHash: fields.blockHash,
      blockTimestamp: fields.blockTimestamp,
      transactionHash: fields.transactionHash,
      transactionIndex,
      logIndex: id - this.blockStarts[k]!,
    }
  }
}

/**
 * The position fields of the logs of one answer, made once per block and per transaction: consecutive logs
 * of one transaction get the same hash arrays (what the JSON writer recognises to copy their shared
 * fields). Hashes are copies: the index's arrays are written over when a reorg replaces the blocks.
 */
class PositionFields {
  private blockAt = -1
  blockNumber = 0n
  blockHash: Uint8Array = new Uint8Array()
  blockTimestamp = 0n
  private transactionAt = -1
  transactionHash: Uint8Array = new Uint8Array()

  atBlock(first: bigint, hashes: Uint8Array, timestamps: Float64Array, k: number): this {
    if (k !== this.blockAt) {
      this.blockAt = k
      this.blockNumber = first + BigInt(k)
      this.blockHash = hashes.slice(k * HASH, (k + 1) * HASH)
      this.blockTimestamp = BigInt(timestamps[k]!)
    }
    return this
  }

  atTransaction(hashes: Uint8Array, slot: number): this {
    if (slot !== this.transactionAt) {
      this.transactionAt = slot
      this.transactionHash = hashes.slice(slot * HASH, (slot + 1) * HASH)
    }
    return this
  }
}
/** Up to `max` ids of the stream; each is a unit of work for the deadline. */
function collect(stream: IdStream, max: number, deadline: Deadline): number[] {
  const ids: number[] = []
  for (let id = stream.next(); id >= 0; id = stream.next()) {
    deadline.step()
    ids.push(id)
    if (ids.length >= max) break
  }
  return ids
}
