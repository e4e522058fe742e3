/** How block timestamps are chosen. */
export type ClockMode =
  | { kind: 'wall' }
  /** genesis time + n × block time: the same scenario gives the same hashes on every run. */
  | { kind: 'fixed'; genesisTime: bigint; blockTime: bigint }

/** The clock's movable part: how far `evm_increaseTime` moved it, and a timestamp set for the next block. */
export interface ClockState {
  offset: bigint
  nextTimestamp: bigint | undefined
}

/**
 * Block timestamps, in seconds. Every block is at least one second after its parent (the
 * post-merge rule), whatever the wall clock says; `evm_increaseTime` and
 * `evm_setNextBlockTimestamp` shift it as they do in Anvil and Hardhat.
 */
export class ChainClock {
  private offset = 0n
  private nextTimestamp: bigint | undefined

  constructor(
    readonly mode: ClockMode,
    private readonly wallSeconds: () => bigint = () => BigInt(Math.floor(Date.now() / 1000)),
  ) {}

  /** The timestamp of genesis. */
  genesisTimestamp(): bigint {
    return this.mode.kind === 'fixed' ? this.mode.genesisTime : this.wallSeconds()
  }

  /** Chooses the timestamp of the block after `parent`, consuming a pending override. */
  timestampAfter(parent: { number: bigint; timestamp: bigint }): bigint {
    const floor = parent.timestamp + 1n
    const base =
      this.mode.kind === 'fixed'
        ? this.mode.genesisTime + (parent.number + 1n) * this.mode.blockTime
        : this.wallSeconds()
    if (this.nextTimestamp !== undefined) {
      const chosen = this.nextTimestamp > floor ? this.nextTimestamp : floor
      this.nextTimestamp = undefined
      // Later blocks continue from the chosen time, as in Anvil and Hardhat.
      this.offset = chosen - base
      return chosen
    }
    const chosen = base + this.offset
    return chosen > floor ? chosen : floor
  }

  /** The timestamp the block after `parent` would get now, without consuming a pending override. */
  previewTimestampAfter(parent: { number: bigint; timestamp: bigint }): bigint {
    const saved = this.snapshot()
    const timestamp = this.timestampAfter(parent)
    this.restore(saved)
    return timestamp
  }

  /** Moves time forward by `seconds` for every later block; returns the total offset. */
  increaseTime(seconds: bigint): bigint {
    this.offset += seconds
    return this.offset
  }

  /** The next block gets exactly `timestamp` (it must be after the head's). */
  setNextBlockTimestamp(timestamp: bigint): void {
    this.nextTimestamp = timestamp
  }

  /** What snapshots and state files keep: the offset and a pending override. */
  snapshot(): ClockState {
    return { offset: this.offset, nextTimestamp: this.nextTimestamp }
  }

  restore(state: ClockState): void {
    this.offset = state.offset
    this.nextTimestamp = state.nextTimestamp
  }
}
