import type { Chain } from '../chain/chain.ts'
import type { ChainClock, ClockMode, ClockState } from '../chain/clock.ts'
import type { ChainBlock } from '../chain/types.ts'
import { keyOf } from '../evm/index.ts'
import type { TxPool } from '../txpool/txPool.ts'
import type { BlockParameters } from './blockParameters.ts'
import { ChainIdKeptByStateFile } from './errors.ts'
import type { Miner } from './miner.ts'

/** How a network mines now. */
export interface MiningStatus {
  automine: boolean
  /** Set while interval mining runs. */
  intervalMs: number | undefined
}

/** The parts of a network its test-client settings change, and its write queue. */
export interface SettingsContext {
  /** Runs `write` in the network's write queue. */
  queued<T>(write: () => Promise<T>): Promise<T>
  blockParameters: BlockParameters
  clock: ChainClock
  miner: Miner
  pool: TxPool
  head(): ChainBlock
  chain(): Chain
  /** Whether each write is recorded into a state file's journal. */
  isTracked(): boolean
  /** Mines one block of what the pool can run (inside the queue). */
  mineOnHead(): Promise<unknown>
}

/**
 * Anvil's test-client settings: how blocks are mined (automine, interval), when (the clock), with what (gas
 * limit, coinbase, the next base fee), the chain id and ecrecover's impersonated signatures, and dropping pooled transactions. Each setter is a write, queued like
 * every other, so a block never sees half a change.
 */
export class TestClientSettings {
  constructor(private readonly network: SettingsContext) {}

  get mining(): MiningStatus {
    return { automine: this.network.miner.isAutomine, intervalMs: this.network.miner.interval }
  }

  /** The clock's mode and its movable part (what a state file keeps). */
  get clock(): { mode: ClockMode } & ClockState {
    return { mode: this.network.clock.mode, ...this.network.clock.snapshot() }
  }

  /** Gas limit of the blocks mined from now on (evm_setBlockGasLimit changes it). */
  get blockGasLimit(): bigint {
    return this.network.blockParameters.gasLimit
  }

  /** Receives the fees of the blocks mined from now on (eth_coinbase; anvil_setCoinbase changes it). */
  get coinbase(): Uint8Array {
    return this.network.blockParameters.coinbase
  }

  /**
   * evm_setAutomine: switching it on mines what the pool holds (unless `mineWaiting` is false: a scenario's
   * `pending: true` send holds automine off for one transaction and leaves it pooled).
   */
  setAutomine(enabled: boolean, options: { mineWaiting?: boolean } = {}): Promise<void> {
    return this.network.queued(async () => {
      this.network.miner.setAutomine(enabled)
      if (enabled && (options.mineWaiting ?? true) && this.network.pool.size > 0) await this.network.mineOnHead()
    })
  }

  /** evm_setIntervalMining: a block every `ms` (0 stops it). */
  setIntervalMining(ms: number): Promise<void> {
    return this.network.queued(async () => this.network.miner.setInterval(ms))
  }

  /**
   * anvil_setIntervalMining: automine off and a block every `ms` (0: no mining but evm_mine), in one write, so
   * that no read or block sees automine gone and the interval not yet set.
   */
  setIntervalMiningOnly(ms: number): Promise<void> {
    return this.network.queued(async () => {
      this.network.miner.setAutomine(false)
      this.network.miner.setInterval(ms)
    })
  }

  /** The next blocks get exactly these timestamps, in order (a recorded run played again: the `timestamps` step). */
  pinBlockTimestamps(timestamps: readonly bigint[]): Promise<void> {
    return this.network.queued(async () => this.network.clock.pin(timestamps))
  }

  /** Calls `listener` with each timestamp the clock chooses for a block (a recording); undefined stops it. */
  onBlockTimestamp(listener: ((timestamp: bigint) => void) | undefined): void {
    this.network.clock.onChosen(listener)
  }

  /** evm_increaseTime: later blocks are `seconds` later than the chain's clock (the head, if ahead); returns the total offset. */
  increaseTime(seconds: bigint): Promise<bigint> {
    return this.network.queued(async () => this.network.clock.increaseTime(seconds, this.network.head()))
  }

  /** anvil_setTime: the clock reads `timestamp` from now on; how many seconds that moved it forward. */
  setTime(timestamp: bigint): Promise<bigint> {
    return this.network.queued(async () => this.network.clock.setTime(timestamp, this.network.head()))
  }

  /** evm_setNextBlockTimestamp: the next block gets exactly `timestamp`, which must be after the head's. */
  setNextBlockTimestamp(timestamp: bigint): Promise<void> {
    return this.network.queued(async () => this.network.clock.setNextBlockTimestampAfter(this.network.head(), timestamp))
  }

  /** anvil_setBlockTimestampInterval: each next block is `seconds` after its parent. */
  setBlockTimestampInterval(seconds: bigint): Promise<void> {
    return this.network.queued(async () => this.network.clock.setInterval(seconds))
  }

  /** anvil_removeBlockTimestampInterval: back to the clock's own time; whether an interval was set. */
  removeBlockTimestampInterval(): Promise<boolean> {
    return this.network.queued(async () => this.network.clock.removeInterval())
  }

  /** evm_setBlockGasLimit: the gas limit of the blocks mined from now on. */
  setBlockGasLimit(gasLimit: bigint): Promise<void> {
    return this.network.queued(async () => {
      this.network.blockParameters.gasLimit = gasLimit
    })
  }

  /** anvil_setNextBlockBaseFeePerGas: the base fee of the next mined block only (admission and fees use it too). */
  setNextBlockBaseFee(baseFee: bigint): Promise<void> {
    return this.network.queued(async () => this.network.blockParameters.setNextBaseFee(baseFee))
  }

  /**
   * anvil_setChainId: eth_chainId, CHAINID, the dev accounts' signatures and admission take `chainId` from the
   * next write on; what is mined or pooled already keeps the id it was signed for, as in Anvil.
   */
  setChainId(chainId: bigint): Promise<void> {
    return this.network.queued(async () => {
      const engine = this.network.chain().engine
      if (this.network.isTracked()) throw new ChainIdKeptByStateFile(engine.common.chainId())
      engine.setChainId(chainId)
    })
  }

  /**
   * anvil_impersonateSignature: the ecrecover precompile answers `address` for `signature` (r ‖ s ‖ v) in every
   * block and call from the next write on; already mined blocks keep what they recovered.
   */
  impersonateSignature(signature: Uint8Array, address: Uint8Array): Promise<void> {
    return this.network.queued(async () => this.network.chain().engine.impersonateSignature(signature, address))
  }

  /** anvil_setCoinbase: who receives the fees of the blocks mined from now on. */
  setCoinbase(address: Uint8Array): Promise<void> {
    return this.network.queued(async () => {
      this.network.blockParameters.coinbase = address
    })
  }

  /** anvil_dropTransaction: removes a pooled transaction; whether there was one (a mined one stays). */
  dropTransaction(hash: Uint8Array): Promise<boolean> {
    return this.network.queued(async () => {
      const key = keyOf(hash)
      if (!this.network.pool.has(key)) return false
      this.network.pool.remove([key])
      return true
    })
  }

  /** anvil_removePoolTransactions: removes every pooled transaction `sender` sent. */
  removePoolTransactionsFrom(sender: Uint8Array): Promise<void> {
    return this.network.queued(async () => {
      const senderKey = keyOf(sender)
      this.network.pool.remove(this.network.pool.all().flatMap((signed) => (signed.fromKey === senderKey ? [signed.hashKey] : [])))
    })
  }

  /** anvil_dropAllTransactions: empties the pool. */
  dropAllTransactions(): Promise<void> {
    return this.network.queued(async () => this.network.pool.clear())
  }
}
