import type { ChainBlock } from '../chain/types.ts'
import { ChainsimError } from '../errors.ts'
import { bytesToHex, equalsBytes } from '../evm/index.ts'
import { ReplayChangeRefused } from './errors.ts'
import { MAX_SPEED_FACTOR, ReplayPace } from './pace.ts'
import { checkReplayed, explainMismatch } from './replayCheck.ts'
import type { ReplayedTransactions } from './replayCheck.ts'
import type { ReplayMismatch, ReplaySource, ReplaySpeed, ReplayStatus, UpstreamBlock } from './types.ts'

/** What a replay works on: the network's write queue, its head, and how the node mines a block of the upstream's. */
export interface ReplayContext {
  /** Runs `write` in the network's write queue. */
  queued<T>(write: () => Promise<T>): Promise<T>
  head(): ChainBlock
  /**
   * Mines `upstream` again on the head (inside the queue): its environment, its transactions in its order, then
   * what the pool can run after them. BLOCKHASH of a replayed height answers `upstreamHash` of it.
   */
  mineReplayed(
    upstream: UpstreamBlock,
    upstreamHash: (number: bigint) => Uint8Array | undefined,
  ): Promise<{ block: ChainBlock; replayed: ReplayedTransactions }>
  /** What follows every mined block (a reorg profile's draw), inside the queue. */
  afterMined(block: ChainBlock): Promise<void>
  /** The replay reached its last block: mining it held back may go on (queues its own write). */
  released(): Promise<void>
}

/** What a replay is asked to do. */
export interface ReplayPlan {
  /** The fork block: number, upstream hash and timestamp. */
  from: { number: bigint; hash: Uint8Array; timestamp: bigint }
  to: bigint
  speed: ReplaySpeed
  /** Start paused: `sim_replay [{resume: true}]` starts it. */
  paused?: boolean
}

/** sim_replay's changes; at most one of pause and resume. */
export interface ReplayChange {
  pause?: boolean
  resume?: boolean
  speed?: ReplaySpeed
  to?: bigint
}

/** How long a replay waits before asking a live upstream again for a block it does not have yet. */
const POLL_MS = 1_000
/** BLOCKHASH reaches this many blocks back: the upstream hashes kept for replayed heights. */
const BLOCKHASH_WINDOW = 256n

/**
 * A replay of the upstream's blocks from the fork block + 1 to `to`: each is fetched (through the fork cache),
 * mined again on the head with its own environment and transactions at the chosen pace, and held to the
 * upstream's header (transactions root, receipts root, logs bloom, gas used). A mismatch stops it at that block,
 * naming the first transaction and field that differ; an upstream failure pauses it with the reason. Until it
 * reaches `to`, only it mines (ChainNode holds other mining back). Served networks run it in the background,
 * paced; scenarios run it unpaced to the end of each step (`runUntilIdle`).
 */
export class ReplayControl {
  #next: bigint
  #to: bigint
  #paused: boolean
  #waiting = false
  #mismatch: ReplayMismatch | undefined
  #error: string | undefined
  /** The block being mined now, if any. */
  #mining: bigint | undefined
  /** The upstream's hash and timestamp of the last replayed block (the fork block's to begin with). */
  #last: { hash: Uint8Array; timestamp: bigint }
  /** The upstream's hashes of the newest replayed heights (BLOCKHASH of replayed transactions). */
  readonly #upstreamHashes = new Map<bigint, Uint8Array>()
  readonly #pace: ReplayPace
  #paced = true
  #loop: Promise<void> | undefined
  #closed = false
  #wake: () => void = () => {}
  /** Counts restarts (anvil_reset): what a block mined before one learned is not taken after it. */
  #generation = 0
  readonly #idleWaiters: Array<() => void> = []

  constructor(
    private readonly context: ReplayContext,
    private readonly source: ReplaySource,
    private readonly plan: ReplayPlan,
  ) {
    this.#next = plan.from.number + 1n
    this.#to = plan.to
    this.#paused = plan.paused ?? false
    this.#last = { hash: plan.from.hash, timestamp: plan.from.timestamp }
    this.#pace = new ReplayPace(plan.speed)
  }

  get status(): ReplayStatus {
    return {
      from: this.plan.from.number,
      to: this.#to,
      next: this.#next,
      done: this.done,
      paused: this.#paused,
      speed: this.#pace.speed,
      waiting: this.#waiting,
      ...(this.#mismatch ? { mismatch: this.#mismatch } : {}),
      ...(this.#error ? { error: this.#error } : {}),
    }
  }

  /** The last block to replay, as steered so far. */
  get to(): bigint {
    return this.#to
  }

  /** Every block up to `to` is replayed. */
  get done(): boolean {
    return this.#next > this.#to && this.#mining === undefined
  }

  /** Why other mining must wait, while the replay has blocks left to mine; undefined once it is done. */
  get holdsMining(): string | undefined {
    if (this.done || this.#closed) return undefined
    const stopped = this.#mismatch ? ` (stopped at block ${this.#mismatch.block}: ${this.#mismatch.message})` : this.#error ? ` (stopped: ${this.#error})` : ''
    return (
      `the network is replaying ${this.source.label}'s blocks ${this.plan.from.number + 1n} to ${this.#to} (next ${this.#next})${stopped}; ` +
      `only the replay mines until it ends: sim_replay [{"to": ${this.#next - 1n}}] ends it now`
    )
  }

  /** The upstream's hash of a replayed height (what BLOCKHASH answered there upstream), if it is kept. */
  upstreamHashOf(number: bigint): Uint8Array | undefined {
    return this.#upstreamHashes.get(number)
  }

  /** Whether a block at this height was mined by the replay (and not by the network after it). */
  isReplayedHeight(number: bigint): boolean {
    return number > this.plan.from.number && number < this.#next
  }

  /** Starts mining in the background; unpaced, every block as soon as the one before is mined. */
  start(options: { paced?: boolean } = {}): void {
    this.#paced = options.paced ?? true
    this.#loop ??= this.run()
  }

  /** Resolves with the status once the replay cannot go on by itself: done, paused, stopped, or waiting for the upstream. */
  untilIdle(): Promise<ReplayStatus> {
    if (!this.canMine || this.#waiting) return Promise.resolve(this.status)
    return new Promise((resolve) => this.#idleWaiters.push(() => resolve(this.status)))
  }

  /** Pauses, resumes, changes the speed or the last block; answers the status. Refused changes throw ReplayChangeRefused. */
  change(change: ReplayChange): ReplayStatus {
    if (change.pause && change.resume) throw new ReplayChangeRefused('pause and resume together: give one of them')
    if (change.resume && this.#mismatch) {
      throw new ReplayChangeRefused(`the replay stopped at block ${this.#mismatch.block} (${this.#mismatch.message}) and cannot go past it`)
    }
    if (change.speed !== undefined && typeof change.speed === 'number' && !(change.speed > 0 && change.speed <= MAX_SPEED_FACTOR)) {
      throw new ReplayChangeRefused(`speed must be "fast", "realtime" or a factor above 0 and at most ${MAX_SPEED_FACTOR}`)
    }
    if (change.to !== undefined) {
      const last = this.#mining ?? this.#next - 1n
      if (change.to < last) throw new ReplayChangeRefused(`to ${change.to} is below block ${last}, which is replayed already`)
    }
    const wasDone = this.done
    if (change.speed !== undefined) this.#pace.speed = change.speed
    if (change.to !== undefined) this.#to = change.to
    if (change.pause) this.#paused = true
    if (change.resume) {
      this.#paused = false
      this.#error = undefined
      this.#pace.reset()
    }
    this.#wake()
    this.notifyIdle()
    if (!wasDone && this.done) void this.context.released().catch(() => undefined)
    return this.status
  }

  /**
   * anvil_reset put the chain back at the fork block: the replay starts again from its first block, as it was
   * configured (called inside the write queue).
   */
  restart(): void {
    this.#generation++
    this.#next = this.plan.from.number + 1n
    this.#to = this.plan.to
    this.#paused = this.plan.paused ?? false
    this.#mismatch = undefined
    this.#error = undefined
    this.#waiting = false
    this.#mining = undefined
    this.#last = { hash: this.plan.from.hash, timestamp: this.plan.from.timestamp }
    this.#upstreamHashes.clear()
    this.#pace.reset()
    this.#wake()
  }

  /** Stops the background mining; the block being mined is finished first. */
  async close(): Promise<void> {
    this.#closed = true
    this.#wake()
    await this.#loop
  }

  private get canMine(): boolean {
    return !this.#closed && !this.#paused && !this.#mismatch && !this.#error && this.#next <= this.#to
  }

  private async run(): Promise<void> {
    while (!this.#closed) {
      if (!this.canMine) {
        this.notifyIdle()
        await this.changed()
        continue
      }
      let upstream: UpstreamBlock | null
      try {
        upstream = await this.source.block(this.#next)
      } catch (error) {
        this.stop(`block ${this.#next}: ${(error as Error).message}`)
        continue
      }
      if (!this.canMine) continue
      if (upstream === null) {
        this.#waiting = true
        this.notifyIdle()
        await this.changed(POLL_MS)
        continue
      }
      this.#waiting = false
      if (!equalsBytes(upstream.parentHash, this.#last.hash)) {
        this.stop(
          `the upstream's block ${upstream.number} has parent ${bytesToHex(upstream.parentHash)}, but its block ${upstream.number - 1n} was ` +
            `${bytesToHex(this.#last.hash)} when it was replayed: the upstream reorganized below the replayed blocks`,
        )
        continue
      }
      const delay = this.#paced ? this.#pace.delayMs(this.#last.timestamp, upstream.timestamp) : 0
      if (delay > 0) {
        await this.changed(delay)
        continue
      }
      await this.mineOne(upstream)
    }
    this.notifyIdle()
  }

  private async mineOne(upstream: UpstreamBlock): Promise<void> {
    const generation = this.#generation
    this.#mining = upstream.number
    let outcome: { found: ReplayMismatch | undefined; replayed: ReplayedTransactions }
    try {
      outcome = await this.context.queued(async () => {
        const head = this.context.head()
        if (head.number + 1n !== upstream.number) {
          throw new HeightMoved(
            `the head is block ${head.number}, so block ${upstream.number} cannot be replayed on it (a reorg or mined blocks moved the height)`,
          )
        }
        const { block, replayed } = await this.context.mineReplayed(upstream, (n) => this.upstreamHashOf(n))
        const found = checkReplayed(upstream, replayed)
        this.#upstreamHashes.set(upstream.number, upstream.hash)
        this.#upstreamHashes.delete(upstream.number - BLOCKHASH_WINDOW)
        if (!found) await this.context.afterMined(block)
        return { found, replayed }
      })
    } catch (error) {
      if (generation !== this.#generation) return
      this.#mining = undefined
      this.stop(error instanceof HeightMoved ? error.message : `block ${upstream.number}: ${(error as Error).message}`)
      return
    }
    if (generation !== this.#generation) return
    this.#last = { hash: upstream.hash, timestamp: upstream.timestamp }
    if (outcome.found) {
      const receipts = await this.source.receipts(upstream.number).catch(() => undefined)
      if (generation !== this.#generation) return
      this.#mismatch = explainMismatch(upstream, outcome.replayed, receipts, outcome.found)
    }
    this.#next = upstream.number + 1n
    this.#mining = undefined
    if (this.done) await this.context.released()
  }

  /** Stops with a reason; `resume` clears it and tries again. */
  private stop(reason: string): void {
    this.#error = reason
    this.#paused = true
  }

  /** Waits until a change (or `ms`, when given). */
  private changed(ms?: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = ms === undefined ? undefined : setTimeout(() => done(), ms)
      timer?.unref()
      const done = () => {
        clearTimeout(timer)
        this.#wake = () => {}
        resolve()
      }
      this.#wake = done
    })
  }

  private notifyIdle(): void {
    if (this.canMine && !this.#waiting) return
    for (const waiter of this.#idleWaiters.splice(0)) waiter()
  }
}

/** The chain's height is not the one the next replayed block needs. */
class HeightMoved extends ChainsimError {}
