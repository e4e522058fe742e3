import { bytesToHex } from '../evm/index.ts'
import type { Common } from '../evm/index.ts'
import type { ReplaySource, UpstreamBlock, UpstreamReceipt } from '../replay/types.ts'
import { UpstreamAnswerError, UpstreamError } from './errors.ts'
import type { ForkedUpstream } from './forkedUpstream.ts'
import { cachedReplayBlockOf, upstreamBlockOf, upstreamReceiptsOf } from './replayFormats.ts'
import type { CachedReplayBlock } from './replayFormats.ts'
import { hex } from './remoteHistory.ts'

/** Blocks asked for in one round trip. */
const BATCH = 8
/** Blocks fetched ahead of the one being replayed, so that a remote upstream's latency is paid in parallel. */
const AHEAD = 32

/**
 * The upstream's blocks after the fork block, for a replay: read from the fork cache, else fetched in batches
 * (several blocks a round trip, with the fork-block check of every fetch) ahead of the replay, turned into their
 * raw transactions and kept in the cache for good, so that a range replayed once replays offline.
 */
export class UpstreamReplaySource implements ReplaySource {
  private readonly inFlight = new Map<bigint, Promise<CachedReplayBlock | null>>()

  private constructor(
    private readonly fork: ForkedUpstream,
    private readonly rulesAt: (number: bigint, timestamp: bigint) => Common,
    /** Block numbers the cache holds. */
    private readonly cached: Set<bigint>,
    /** The last block worth fetching ahead (the replay's `to`). */
    private readonly lastWanted: () => bigint,
  ) {}

  static async open(fork: ForkedUpstream, rulesAt: (number: bigint, timestamp: bigint) => Common, lastWanted: () => bigint): Promise<UpstreamReplaySource> {
    return new UpstreamReplaySource(fork, rulesAt, new Set(await fork.cache.blocks.numbers('block')), lastWanted)
  }

  get label(): string {
    return this.fork.upstream.label
  }

  async block(number: bigint): Promise<UpstreamBlock | null> {
    this.fetchAhead(number + 1n)
    const cached = this.cached.has(number) ? ((await this.fork.cache.blocks.get('block', number)) as CachedReplayBlock | undefined) : undefined
    if (cached) return upstreamBlockOf(cached)
    this.cached.delete(number)
    const fetched = await (this.inFlight.get(number) ?? this.fetchBatch(number))
    return fetched ? upstreamBlockOf(fetched) : null
  }

  async receipts(number: bigint): Promise<UpstreamReceipt[] | undefined> {
    const cached = await this.fork.cache.blocks.get('receipts', number)
    if (cached !== undefined) return upstreamReceiptsOf(cached)
    const [answer] = await this.fork.sendChecked([{ method: 'eth_getBlockReceipts', params: [hex(number)] }])
    let receipts: unknown
    if (answer && 'result' in answer && Array.isArray(answer.result)) {
      receipts = answer.result
    } else {
      // An upstream without eth_getBlockReceipts: one eth_getTransactionReceipt per transaction, in one round trip.
      const block = await this.block(number)
      if (!block) return undefined
      const answers = await this.fork.sendChecked(block.transactions.map((tx) => ({ method: 'eth_getTransactionReceipt', params: [bytesToHex(tx.hash)] })))
      if (answers.some((a) => !('result' in a) || a.result === null)) return undefined
      receipts = answers.map((a) => (a as { result: unknown }).result)
    }
    await this.fork.cache.blocks.put('receipts', number, receipts)
    return upstreamReceiptsOf(receipts)
  }

  /** Starts fetching the blocks after `from` that are neither cached nor asked for, up to AHEAD of it. */
  private fetchAhead(from: bigint): void {
    const last = minOf(from + BigInt(AHEAD) - 1n, this.lastWanted())
    for (let n = from; n <= last; n++) {
      if (this.cached.has(n) || this.inFlight.has(n)) continue
      // A failure here is the replay's to hear when it asks for that block, not a background one.
      this.fetchBatch(n).catch(() => undefined)
    }
  }

  /** Fetches `first` and the next blocks not cached nor asked for (up to BATCH) in one round trip. */
  private fetchBatch(first: bigint): Promise<CachedReplayBlock | null> {
    const numbers: bigint[] = []
    for (let n = first; numbers.length < BATCH && n <= maxOf(first, this.lastWanted()); n++) {
      if (n !== first && (this.cached.has(n) || this.inFlight.has(n))) break
      numbers.push(n)
    }
    const fetched = this.fork
      .sendChecked(numbers.map((n) => ({ method: 'eth_getBlockByNumber', params: [hex(n), true] })))
      .then(async (answers) =>
        Promise.all(
          answers.map(async (answer, i) => {
            const n = numbers[i] as bigint
            if ('error' in answer) throw new UpstreamAnswerError(answer.error.code, `eth_getBlockByNumber ${n}: ${answer.error.message}`)
            if (answer.result === null) return null
            const block = cachedReplayBlockOf(answer.result as Record<string, unknown>, this.rulesAt)
            await this.fork.cache.blocks.put('block', n, block)
            this.cached.add(n)
            return block
          }),
        ),
      )
      .catch((error: unknown) => {
        if (error instanceof UpstreamAnswerError) throw new UpstreamError(this.label, error.message)
        throw error
      })
      .finally(() => {
        for (const n of numbers) this.inFlight.delete(n)
      })
    for (const [i, n] of numbers.entries()) {
      const one = fetched.then((blocks) => blocks[i] ?? null)
      // Whoever asks for the block hears of a failure; a block fetched ahead and never asked for is no failure.
      one.catch(() => undefined)
      this.inFlight.set(n, one)
    }
    return this.inFlight.get(first) as Promise<CachedReplayBlock | null>
  }
}

function minOf(a: bigint, b: bigint): bigint {
  return a < b ? a : b
}

function maxOf(a: bigint, b: bigint): bigint {
  return a > b ? a : b
}
