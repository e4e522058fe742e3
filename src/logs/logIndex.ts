import type { Log } from '../evm/types.ts'
import { Deadline, QueryTimeout } from './deadline.ts'
import type { IdStream } from './idStreams.ts'
import { type IndexView, planQuery } from './planQuery.ts'
import { PostingTable } from './postingTable.ts'
import { upperBound, withCapacity } from './sortedIds.ts'
import type { IndexedBlock, LogRangeQuery, LogQueryOptions, IndexQueryResult, PositionedLog } from './types.ts'

export type { IndexedBlock, LogRangeQuery, LogQueryOptions, IndexQueryResult, PositionedLog } from './types.ts'

/** EVM logs carry at most four topics (LOG0 to LOG4): one posting table per position. */
const MAX_TOPICS = 4

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
  private readonly blocks: IndexedBlock[] = []
  /** `blockStarts[k]` is the first id of `blocks[k]`; `blockStarts[blocks.length]` the number of logs. */
  private blockStarts = new Uint32Array(256)
  /** The transaction index of every log, by id. */
  private transactionIndexes = new Uint32Array(1024)

  /** Every log, by id, kept by reference: the index copies no bytes. */
  private readonly logs: Log[] = []
  private topicCounts = new Uint8Array(1024)
  private readonly addresses = new PostingTable((id) => this.logs[id]!.address)
  private readonly topics = Array.from(
    { length: MAX_TOPICS },
    (_, position) => new PostingTable((id) => this.logs[id]!.topics[position]!),
  )

  /** Number of the newest block; `undefined` while empty. */
  get head(): bigint | undefined {
    return this.first === undefined ? undefined : this.first + BigInt(this.blocks.length - 1)
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
        if (log.topics.length > MAX_TOPICS) {
          throw new RangeError(`a log has ${log.topics.length} topics, more than ${MAX_TOPICS}`)
        }
      }
      logCount += transaction.logs.length
    }
    let id = this.logs.length
    this.transactionIndexes = withCapacity(this.transactionIndexes, id + logCount)
    this.topicCounts = withCapacity(this.topicCounts, id + logCount)
    block.transactions.forEach((transaction, transactionIndex) => {
      for (const log of transaction.logs) {
        this.logs.push(log)
        this.transactionIndexes[id] = transactionIndex
        this.topicCounts[id] = log.topics.length
        this.addresses.add(log.address, id)
        log.topics.forEach((topic, position) => this.topics[position]!.add(topic, id))
        id++
      }
    })
    this.first ??= block.number
    this.blocks.push(block)
    this.blockStarts = withCapacity(this.blockStarts, this.blocks.length + 1)
    this.blockStarts[this.blocks.length] = id
  }

  /** Removes the blocks numbered `fromNumber` and above (a reorg) and returns them, oldest first. */
  truncate(fromNumber: bigint): IndexedBlock[] {
    const head = this.head
    if (this.first === undefined || head === undefined || fromNumber > head) return []
    const kept = fromNumber <= this.first ? 0 : Number(fromNumber - this.first)
    const firstRemoved = this.blockStarts[kept]!
    // Newest first, so that each id is the tail of every list it is in.
    for (let id = this.logs.length - 1; id >= firstRemoved; id--) {
      const log = this.logs[id]!
      for (let position = log.topics.length - 1; position >= 0; position--) {
        this.topics[position]!.removeLast(log.topics[position]!, id)
      }
      this.addresses.removeLast(log.address, id)
    }
    this.logs.length = firstRemoved
    if (kept === 0) this.first = undefined
    return this.blocks.splice(kept)
  }

  /** All logs of the canonical block `number`, in block order; `[]` for a block not in the index. */
  logsOfBlock(number: bigint): PositionedLog[] {
    const head = this.head
    if (this.first === undefined || head === undefined || number < this.first || number > head) return []
    const k = Number(number - this.first)
    const logs: PositionedLog[] = []
    for (let id = this.blockStarts[k]!; id < this.blockStarts[k + 1]!; id++) logs.push(this.positioned(id, k))
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
      let k = -1
      for (const id of ids) {
        deadline.step()
        if (id >= this.blockStarts[k + 1]!) k = this.blockOf(id, k + 1)
        logs.push(this.positioned(id, k))
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
    return upperBound(this.blockStarts, id, from, this.blocks.length) - 1
  }

  /** Results beyond the limit: every block before `blockOfExtra`, which holds match `limit + 1`, fits. */
  private tooManyResults(criteria: LogRangeQuery, limit: number, blockOfExtra: number): IndexQueryResult {
    const to = this.first! + BigInt(blockOfExtra) - 1n
    const suggestedRange = to >= criteria.fromBlock ? { from: criteria.fromBlock, to } : undefined
    return { status: 'tooManyResults', limit, suggestedRange }
  }

  private positioned(id: number, k: number): PositionedLog {
    const log = this.logs[id]!
    const block = this.blocks[k]!
    const transactionIndex = this.transactionIndexes[id]!
    return {
      address: log.address,
      topics: log.topics,
      data: log.data,
      blockNumber: block.number,
      blockHash: block.hash,
      blockTimestamp: block.timestamp,
      transactionHash: block.transactions[transactionIndex]!.hash,
      transactionIndex,
      logIndex: id - this.blockStarts[k]!,
    }
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
