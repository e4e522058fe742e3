import type { BlobSidecar, Log, TransactionCommitments, Withdrawal } from '../evm/index.ts'

/**
 * One of the upstream's blocks as a replay mines it again: its environment (everything the EVM reads of a
 * block besides its parent), its transactions as they were signed, and what its header commits to about them.
 */
export interface UpstreamBlock {
  number: bigint
  /** The upstream's hash (the replayed block gets chainsim's own). */
  hash: Uint8Array
  parentHash: Uint8Array
  timestamp: bigint
  coinbase: Uint8Array
  gasLimit: bigint
  extraData: Uint8Array
  /** The header's mixHash: PREVRANDAO after the merge. */
  prevRandao: Uint8Array
  baseFeePerGas?: bigint
  withdrawals?: Withdrawal[]
  parentBeaconBlockRoot?: Uint8Array
  excessBlobGas?: bigint
  /** Canonical encodings in block order, each with its hash, and its blob sidecar where the upstream served it. */
  transactions: UpstreamTransaction[]
  /** What the upstream's header says of its transactions: the replayed block is held to it. */
  expected: TransactionCommitments
}

export interface UpstreamTransaction {
  raw: Uint8Array
  hash: Uint8Array
  sidecar?: BlobSidecar
}

/** The upstream's receipt of one transaction, for naming what differs when a replayed block does not match. */
export interface UpstreamReceipt {
  transactionHash: Uint8Array
  status: 0 | 1
  gasUsed: bigint
  cumulativeGasUsed: bigint
  contractAddress?: Uint8Array
  logs: Log[]
}

/** Where a replay reads the upstream's blocks (src/fork reads them through the fork cache). */
export interface ReplaySource {
  /** The upstream as shown to people. */
  readonly label: string
  /**
   * Block `number`, or null while the upstream has none yet (a live chain's next block). Throws a
   * ForkSourceError when the upstream cannot say (down, offline without it, reorganized below the block).
   */
  block(number: bigint): Promise<UpstreamBlock | null>
  /** The upstream's receipts of block `number`, in order; undefined when they cannot be had (offline, not cached). */
  receipts(number: bigint): Promise<UpstreamReceipt[] | undefined>
}

/** How fast a replay mines: as fast as it can, at the upstream's own pace, or X times that pace. */
export type ReplaySpeed = 'fast' | 'realtime' | number

/**
 * The first thing that differs between a replayed block and the upstream's: a finding about the EVM. `field`
 * names it (a transaction's `status`, `gasUsed`, `logs[2].data`..., or one of the header's commitments), with
 * the values on both sides in domain types.
 */
export interface ReplayMismatch {
  block: bigint
  field: string
  transaction?: { index: number; hash: Uint8Array }
  expected: ComparedValue
  actual: ComparedValue
  /** The whole finding in a sentence. */
  message: string
}

export type ComparedValue = bigint | number | Uint8Array | string | null

/** Where a replay stands (sim_replay's answer, in domain types). */
export interface ReplayStatus {
  /** The fork block: the replay mines from: from + 1. */
  from: bigint
  to: bigint
  /** The next block the replay mines. */
  next: bigint
  /** Every block up to `to` is replayed. */
  done: boolean
  paused: boolean
  speed: ReplaySpeed
  /** The upstream has no block `next` yet: the replay waits for it. */
  waiting: boolean
  mismatch?: ReplayMismatch
  /** Why the replay stopped before `to` otherwise (the upstream failed, the chain's height moved). */
  error?: string
}
