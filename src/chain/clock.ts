import { TimestampNotAfterHead } from './errors.ts'

/** How block timestamps are chosen. */
export type ClockMode =
  | { kind: 'wall' }
  /** genesis time + n × block time: the same scenario gives the same hashes on every run. */
  | { kind: 'fixed'; genesisTime: bigint; blockTime: bigint }

/**
 * The clock's movable part: how far `evm_increaseTime` moved it, a timestamp set for the next block, and a
 * fixed step between blocks (`anvil_setBlockTimestampInterval`).
 */
export interface ClockState {
  offset: bigint
  nextTimestamp: bigint | undefined
  interval: bigint | undefined
}

/** Whether two clocks count time alike (a saved clock's offset means the same on both). */
export function sameClockMode(a: ClockMode, b: ClockMode): boolean {
  if (a.kind === 'wall' || b.kind === 'wall') return a.kind === b.kind
  return a.genesisTime === b.genesisTime && a.blockTime === b.blockTime
}

/** A clock that nothing has moved. */
export const UNMOVED_CLOCK: ClockState = { offset: 0n, nextTimestamp: undefined, interval: undefined }

/**
 * Block timestamps, in seconds. Every block is at least one second after its parent (the
 * post-merge rule), whatever the wall clock says; `evm_increaseTime` and
 * `evm_setNextBlockTimestamp` shift it as they do in Anvil and Hardhat (docs/reference/test-client.md, "Block time").
 */
export class ChainClock {
  private offset = 0n
  private nextTimestamp: bigint | undefined
  private interval: bigint | undefined
  /** Timestamps the next blocks get, in order, whatever else the clock says (a recorded run played again). */
  private pinned: bigint[] = []
  /** Told each timestamp chosen for a block (a recording notes them). */
  private chosen: ((timestamp: bigint) => void) | undefined

  constructor(
    readonly mode: ClockMode,
    private readonly wallSeconds: () => bigint = () => BigInt(Math.floor(Date.now() / 1000)),
  ) {}

  /** The clock reads `seconds` now and runs on from there, as Anvil's does after `--timestamp`. */
  startAt(seconds: bigint): void {
    this.offset = seconds - this.wallSeconds()
  }

  /** The timestamp of genesis. */
  genesisTimestamp(): bigint {
    return this.mode.kind === 'fixed' ? this.mode.genesisTime : this.wallSeconds()
  }

  /** Chooses the timestamp of the block after `parent`, consuming a pending override. */
  timestampAfter(parent: { number: bigint; timestamp: bigint }): bigint {
    const timestamp = this.choose(parent)
    this.chosen?.(timestamp)
    return timestamp
  }

  /** The next blocks get exactly these timestamps, in order (each at least a second after its parent). */
  pin(timestamps: readonly bigint[]): void {
    this.pinned.push(...timestamps)
  }

  /** Calls `listener` with each timestamp chosen for a block from now on; undefined stops it. */
  onChosen(listener: ((timestamp: bigint) => void) | undefined): void {
    this.chosen = listener
  }

  /** Block `number`'s time before any offset: its fixed slot, or the wall clock now. */
  private baseTimeOf(number: bigint): bigint {
    return this.mode.kind === 'fixed' ? this.mode.genesisTime + number * this.mode.blockTime : this.wallSeconds()
  }

  private choose(parent: { number: bigint; timestamp: bigint }): bigint {
    const floor = parent.timestamp + 1n
    const pinned = this.pinned.shift()
    if (pinned !== undefined) {
      // A pinned block stands where the recorded one did: a timestamp set for it was used by it.
      this.nextTimestamp = undefined
      return pinned > floor ? pinned : floor
    }
    const base = this.baseTimeOf(parent.number + 1n)
    if (this.nextTimestamp !== undefined || this.interval !== undefined) {
      const wanted = this.nextTimestamp ?? parent.timestamp + (this.interval as bigint)
      const chosen = wanted > floor ? wanted : floor
      this.nextTimestamp = undefined
      // Later blocks continue from the chosen time, as in Anvil and Hardhat: removing an interval does not
      // send the clock back.
      this.offset = chosen - base
      return chosen
    }
    const chosen = base + this.offset
    return chosen > floor ? chosen : floor
  }

  /** The timestamp the block after `parent` would get now, without consuming a pending override. */
  previewTimestampAfter(parent: { number: bigint; timestamp: bigint }): bigint {
    const saved = this.snapshot()
    const pinned = [...this.pinned]
    const timestamp = this.choose(parent)
    this.restore(saved)
    this.pinned = pinned
    return timestamp
  }

  /**
   * Moves time forward by `seconds` from the chain's own clock, for every later block; returns the total offset.
   * Blocks mined within one second are each stamped a second after their parent, so after a burst the head is
   * ahead of the clock's time: the increase counts from the head then (as Anvil's does from its last block), so
   * that the next block is at least `seconds` after it.
   */
  increaseTime(seconds: bigint, head: { number: bigint; timestamp: bigint }): bigint {
    const clockAtHead = this.baseTimeOf(head.number) + this.offset
    if (head.timestamp > clockAtHead) this.offset += head.timestamp - clockAtHead
    this.offset += seconds
    return this.offset
  }

  /**
   * anvil_setTime: the clock reads `timestamp` now, and runs on from it (a time before the head's gives
   * blocks a second apart until the clock passes it); returns how many seconds it moved forward (0 if back),
   * as Anvil answers.
   */
  setTime(timestamp: bigint, head: { number: bigint; timestamp: bigint }): bigint {
    const base = this.baseTimeOf(head.number + 1n)
    const now = base + this.offset
    this.offset = timestamp - base
    this.nextTimestamp = undefined
    return timestamp > now ? timestamp - now : 0n
  }

  /** The next block gets exactly `timestamp` (it must be after the head's). */
  setNextBlockTimestamp(timestamp: bigint): void {
    this.nextTimestamp = timestamp
  }

  /** evm_setNextBlockTimestamp: the next block gets exactly `timestamp`; as Anvil and Hardhat, a block cannot go back in time. */
  setNextBlockTimestampAfter(head: { timestamp: bigint }, timestamp: bigint): void {
    if (timestamp <= head.timestamp) throw new TimestampNotAfterHead(timestamp, head.timestamp)
    this.nextTimestamp = timestamp
  }

  /** anvil_setBlockTimestampInterval: each next block is `seconds` after its parent (at least one). */
  setInterval(seconds: bigint): void {
    this.interval = seconds
  }

  /** anvil_removeBlockTimestampInterval: back to the clock's own time; whether an interval was set. */
  removeInterval(): boolean {
    const had = this.interval !== undefined
    this.interval = undefined
    return had
  }

  /** What snapshots and state files keep: the offset, a pending override and the interval. */
  snapshot(): ClockState {
    return { offset: this.offset, nextTimestamp: this.nextTimestamp, interval: this.interval }
  }

  restore(state: ClockState): void {
    this.offset = state.offset
    this.nextTimestamp = state.nextTimestamp
    this.interval = state.interval
  }
}
