/**
 * How a network mines: a block per transaction (`auto`), a block every interval, both (Hardhat's `mining:
 * {auto, interval}`, Anvil's automine with evm_setIntervalMining), or only on request.
 */
export type MiningMode = { auto: boolean; intervalMs?: number }

/**
 * Decides when blocks are mined; the node decides what goes in them. Interval mining mines
 * empty blocks too, as Anvil's `--block-time` does.
 */
export class Miner {
  private timer: NodeJS.Timeout | undefined
  private automine: boolean
  private intervalMs: number | undefined

  constructor(
    mode: MiningMode,
    private readonly mineScheduledBlock: () => Promise<unknown>,
    private readonly onError: (error: unknown) => void,
  ) {
    this.automine = mode.auto
    this.intervalMs = mode.intervalMs
  }

  get isAutomine(): boolean {
    return this.automine
  }

  get interval(): number | undefined {
    return this.intervalMs
  }

  start(): void {
    this.schedule()
  }

  setAutomine(enabled: boolean): void {
    this.automine = enabled
  }

  /** 0 turns interval mining off. */
  setInterval(ms: number): void {
    this.intervalMs = ms > 0 ? ms : undefined
    this.schedule()
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer)
    this.timer = undefined
  }

  private schedule(): void {
    this.stop()
    if (this.intervalMs === undefined) return
    this.timer = setInterval(() => {
      this.mineScheduledBlock().catch(this.onError)
    }, this.intervalMs)
    this.timer.unref()
  }
}
