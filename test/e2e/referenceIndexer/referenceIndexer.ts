import { createPublicClient, http, parseAbiItem, webSocket } from 'viem'
import type { Address, Hex, Log, PublicClient } from 'viem'
import { providerError } from './providerError.ts'
import { nextRange, type Range } from './rangeSplitter.ts'

export const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)')

/** A log as the indexer keeps it: what identifies it on its branch, and what it says. */
export interface IndexedLog {
  blockNumber: bigint
  blockHash: Hex
  logIndex: number
  transactionHash: Hex
  topics: readonly Hex[]
  data: Hex
}

export const logKey = (log: { blockHash: Hex; logIndex: number }) => `${log.blockHash}:${log.logIndex}`

/** eth_newFilter for one token's Transfer logs. */
export function createTransferFilter(client: PublicClient, address: Address) {
  return client.createEventFilter({ address, event: TRANSFER })
}

export type TransferFilter = Awaited<ReturnType<typeof createTransferFilter>>

export interface ReferenceIndexerOptions {
  /** JSON-RPC over HTTP: backfills, block checks, and the polled filter. */
  url: string
  /** With a WebSocket URL, new logs come from a subscription instead of a polled filter. */
  wsUrl?: string
  address: Address
  /** The deepest reorg it recovers from (default 16 blocks). */
  reorgDepth?: bigint
}

/** What the indexer had to do to stay right: each counter is a fault it survived. */
export interface IndexerStats {
  /** Ranges split because the provider refused them. */
  splits: number
  /** Filters re-created after `filter not found`. */
  filtersRecreated: number
  /** Sockets seen closing under the subscription (viem reconnects and resubscribes). */
  socketDrops: number
  /** Reorgs found by a block hash that no longer matched, and rolled back. */
  rollbacks: number
  /** Steps abandoned for an answer a later step mends, by why: a lagging replica, a rate limit, a failed batch item. */
  retries: Record<Mended, number>
}

/** Answers a later step mends. */
type Mended = 'behindHead' | 'rateLimited' | 'failedItem'

/** How long it waits after a rate limit before the next step (providers ask for a back-off, not a retry at once). */
const RATE_LIMIT_BACKOFF_MS = 25

/**
 * A small indexer of one token's Transfer logs, written the way an indexer that survives real providers is
 * written. Its truth is the backfill: eth_getLogs from its cursor (the newest block it has indexed, by number
 * and hash) to the head, split whenever the provider refuses a range, and anchored by the hash of the range's
 * last block, read before the logs. Before it trusts what it holds, it checks that its cursor's hash is still
 * canonical; when it is not (a reorg it was not told about: a lost filter, a dropped socket), it walks back to
 * the newest block whose hash still matches and indexes again from there. New logs also arrive live, from a
 * polled filter (re-created when the provider lost it) or a subscription (viem reconnects it when the socket
 * drops); they are kept apart as tentative until a backfill confirms their block. Answers a later step mends
 * (a replica behind the head, a rate limit, a failed batch item) abandon the step; anything else is a bug
 * and is thrown.
 */
export class ReferenceIndexer {
  readonly stats: IndexerStats = { splits: 0, filtersRecreated: 0, socketDrops: 0, rollbacks: 0, retries: { behindHead: 0, rateLimited: 0, failedItem: 0 } }
  /** Confirmed logs: every block up to the cursor. */
  private readonly confirmed = new Map<string, IndexedLog>()
  /** Logs heard live above the cursor, not yet confirmed. */
  private readonly tentative = new Map<string, IndexedLog>()
  private cursor: { number: bigint; hash: Hex } | undefined
  private readonly client: PublicClient
  private readonly reorgDepth: bigint
  private filter: TransferFilter | undefined
  private subscription: { unwatch: () => void; client: PublicClient } | undefined
  private readonly liveErrors: Error[] = []

  constructor(private readonly options: ReferenceIndexerOptions) {
    // viem's own retries are off: each refusal is the indexer's to read.
    this.client = createPublicClient({ transport: http(options.url, { retryCount: 0, batch: true }) })
    this.reorgDepth = options.reorgDepth ?? 16n
  }

  /** The confirmed Transfer logs, in chain order. */
  get logs(): IndexedLog[] {
    return [...this.confirmed.values()].sort((a, b) => (a.blockNumber === b.blockNumber ? a.logIndex - b.logIndex : a.blockNumber < b.blockNumber ? -1 : 1))
  }

  /** The newest block it has indexed. */
  get head(): { number: bigint; hash: Hex } | undefined {
    return this.cursor
  }

  /** Steps until the cursor is `target` (by number and hash); fails after `maxSteps` rather than hang. */
  async syncTo(target: { number: bigint; hash: Hex }, maxSteps = 300): Promise<void> {
    for (let i = 0; i < maxSteps; i++) {
      if (this.cursor?.number === target.number && this.cursor.hash === target.hash) return
      await this.step()
    }
    throw new Error(`not at block ${target.number} (${target.hash}) after ${maxSteps} steps: at ${this.cursor?.number} (${this.cursor?.hash})`)
  }

  /** One round: hear what is new, check the cursor, backfill to the head. */
  async step(): Promise<void> {
    const failed = this.liveErrors.shift()
    if (failed) throw failed
    try {
      await this.listen()
      await this.catchUp()
    } catch (error) {
      const mended = mendedLater(error)
      if (!mended) throw error
      this.stats.retries[mended]++
      if (mended === 'rateLimited') await new Promise((resolve) => setTimeout(resolve, RATE_LIMIT_BACKOFF_MS))
    }
  }

  /** Stops the subscription (and its socket) and uninstalls the filter. */
  async stop(): Promise<void> {
    if (this.subscription) {
      this.subscription.unwatch()
      const socket = await (this.subscription.client.transport as unknown as { getRpcClient(): Promise<{ close(): void }> }).getRpcClient()
      socket.close()
      this.subscription = undefined
    }
    if (this.filter) await this.client.uninstallFilter({ filter: this.filter }).catch(() => undefined)
  }

  private async listen(): Promise<void> {
    if (this.options.wsUrl) return this.subscribe(this.options.wsUrl)
    if (!this.filter) {
      this.filter = await createTransferFilter(this.client, this.options.address)
      return
    }
    let changes: Log[]
    try {
      changes = (await this.client.getFilterChanges({ filter: this.filter })) as Log[]
    } catch (error) {
      if (!/filter not found/.test(providerError(error).message)) throw error
      // The provider lost it (expired, or a replica that never had it): what it would have said is read by
      // the backfill, and a reorg it would have told of is found by the cursor's hash.
      this.filter = undefined
      this.stats.filtersRecreated++
      this.filter = await createTransferFilter(this.client, this.options.address)
      return
    }
    this.hear(changes)
  }

  private subscribe(wsUrl: string): void {
    if (this.subscription) return
    const client = createPublicClient({ transport: webSocket(wsUrl, { retryCount: 0, keepAlive: false, reconnect: { attempts: 20, delay: 20 } }) })
    const unwatch = client.watchEvent({
      address: this.options.address,
      event: TRANSFER,
      onLogs: (logs) => this.hear(logs as Log[]),
      onError: (error) => {
        if (providerError(error).socketClosed) this.stats.socketDrops++
        else this.liveErrors.push(error)
      },
    })
    this.subscription = { unwatch, client }
  }

  /** Logs heard live: tentative until a backfill reaches their block; a removed one is forgotten. */
  private hear(logs: readonly Log[]): void {
    for (const log of logs) {
      if (log.blockHash === null || log.blockNumber === null || log.logIndex === null) continue
      const indexed = toIndexed(log)
      if (log.removed) this.tentative.delete(logKey(indexed))
      else if (this.cursor === undefined || indexed.blockNumber > this.cursor.number) this.tentative.set(logKey(indexed), indexed)
    }
  }

  private async catchUp(): Promise<void> {
    if (this.cursor && !(await this.cursorIsCanonical())) await this.rollBack()
    const head = await this.client.getBlockNumber({ cacheTime: 0 })
    const from = this.cursor ? this.cursor.number + 1n : 0n
    if (head < from) return
    // The anchor is read before the logs: a reorg between the two leaves a hash that no longer matches,
    // which the next step finds.
    const anchor = await this.client.getBlock({ blockNumber: head })
    const logs = await this.backfill({ from, to: head })
    // A reorg below `from` after the cursor was checked (and before the anchor was read) would leave the
    // cursor's block stale under a canonical anchor: the range's first block must still follow the cursor.
    if (this.cursor && (await this.client.getBlock({ blockNumber: from })).parentHash !== this.cursor.hash) {
      await this.rollBack()
      return
    }
    for (const [key, log] of this.confirmed) if (log.blockNumber >= from) this.confirmed.delete(key)
    for (const log of logs) this.confirmed.set(logKey(log), log)
    for (const [key, log] of this.tentative) if (log.blockNumber <= head) this.tentative.delete(key)
    this.cursor = { number: head, hash: anchor.hash }
  }

  private async cursorIsCanonical(): Promise<boolean> {
    const block = await this.client.getBlock({ blockNumber: this.cursor!.number })
    return block.hash === this.cursor!.hash
  }

  /**
   * Walks back from the cursor to the newest block whose hash still matches, comparing the blocks it holds
   * logs of; everything above is dropped and indexed again. Past `reorgDepth` it starts over from there.
   */
  private async rollBack(): Promise<void> {
    this.stats.rollbacks++
    const cursor = this.cursor!
    const floor = cursor.number > this.reorgDepth ? cursor.number - this.reorgDepth : 0n
    const held = [...new Map([...this.confirmed.values()].map((log) => [log.blockNumber, log.blockHash])).entries()]
      .filter(([number]) => number > floor && number < cursor.number)
      .sort(([a], [b]) => (a > b ? -1 : 1))
    let ancestor = floor
    for (const [number, hash] of held) {
      if ((await this.client.getBlock({ blockNumber: number })).hash === hash) {
        ancestor = number
        break
      }
    }
    const hash = (await this.client.getBlock({ blockNumber: ancestor })).hash
    for (const [key, log] of this.confirmed) if (log.blockNumber > ancestor) this.confirmed.delete(key)
    this.cursor = { number: ancestor, hash }
  }

  /** The Transfer logs of `range`, asking for narrower ranges whenever the provider refuses one. */
  private async backfill(range: Range): Promise<IndexedLog[]> {
    const found: IndexedLog[] = []
    let pending: Range | undefined = range
    while (pending) {
      const asked: Range = pending
      try {
        const logs = await this.client.getLogs({ address: this.options.address, event: TRANSFER, fromBlock: asked.from, toBlock: asked.to, strict: false })
        found.push(...logs.map((log) => toIndexed(log as Log)))
        pending = asked.to < range.to ? { from: asked.to + 1n, to: range.to } : undefined
      } catch (error) {
        // The rest of the range follows the narrower part, once it is answered.
        pending = nextRange(providerError(error), asked)
        if (!pending) throw error
        this.stats.splits++
      }
    }
    return found
  }
}

/** Which answer a later step mends this one is, if any: a replica behind the head, a rate limit, a failed batch item. */
function mendedLater(error: unknown): Mended | undefined {
  const { code, message, status } = providerError(error)
  if (error instanceof Error && error.name === 'BlockNotFoundError') return 'behindHead'
  if (/block range extends beyond current head block/.test(message)) return 'behindHead'
  if (code === 429 || status === 429) return 'rateLimited'
  return code === -32603 ? 'failedItem' : undefined
}

function toIndexed(log: Log): IndexedLog {
  return {
    blockNumber: log.blockNumber!,
    blockHash: log.blockHash!,
    logIndex: log.logIndex!,
    transactionHash: log.transactionHash!,
    topics: log.topics,
    data: log.data,
  }
}
