// What the sim_ methods answer (README, "The explorer"), as the page reads them. Types shared with the server
// are imported as types only: nothing of the server's code reaches the page's bundle.
import type { FaultSpec } from '../../rpc/faults/faultSpec.ts'
import type { ScenarioSteps } from '../../rpc/methodContext.ts'
import type { RpcLog } from '../../rpc/formatters/log.ts'

export interface BlockRef {
  number: string
  hash: string
}

export interface TreeBlock {
  number: string
  hash: string
  parentHash: string
  canonical: boolean
  timestamp: string
  transactions: number
  logs: number
  gasUsed: string
  extraData: string
}

export interface Reorg {
  id: number
  method: string
  at: number
  commonAncestor: BlockRef
  depth: number
  removedBlocks: string[]
  addedBlocks: string[]
  removedLogs: number
  addedLogs: number
}

export interface ForkTree {
  head: BlockRef
  top: string
  safe: BlockRef
  finalized: BlockRef
  fromBlock: string
  toBlock: string
  blocks: TreeBlock[]
  crowded: Array<{ number: string; more: number }>
  reorgs: Reorg[]
}

export type { FaultSpec }

/** A fault as sim_fault armed it, with the times it may still act (absent: until cleared). */
export type ArmedFault = FaultSpec & { left?: number }

export interface NetworkInfo {
  name: string
  chainId: string
  head: BlockRef
  top: string
  /** The chain's first block: 0, or a fork's fork block (the blocks below it are the upstream's). */
  first: string
  safe: BlockRef
  finalized: BlockRef
  mining: { automine: boolean; intervalMs: number | null }
  finality: { safeDepth: number; finalizedDepth: number }
  reorgs: number
  pool: number
  filters: number
  subscriptions: number
  requests: number
  faults: ArmedFault[]
  scenario: boolean
  /** Where the replay of an upstream's blocks stands (sim_replay's answer), or null without one. */
  replay: ReplayStatus | null
  /** The reorg profile the network follows, or null. */
  reorgProfile: { name: string; seed: number } | null
}

/** sim_replay's answer. */
export interface ReplayStatus {
  from: string
  to: string
  next: string
  done: boolean
  paused: boolean
  speed: 'fast' | 'realtime' | number
  waiting: boolean
  mismatch?: { block: string; field: string; transaction?: { index: number; hash: string }; message: string }
  error?: string
}

export interface Decoded {
  abi: string
  name: string
  signature: string
  args: Array<{ name: string; type: string; value: unknown; indexed?: boolean }>
}

export interface Failure {
  error: string
  data: string
  reason: string | null
  custom: Decoded | null
}

export interface TransactionLine {
  index?: number
  hash: string
  type: string
  from: string
  to: string | null
  nonce: string
  value: string
  /** Blobs carried (a blob transaction's versioned hashes); 0 for any other type. */
  blobs: number
  call: Decoded | null
  status?: string
  gasUsed?: string
  logCount?: number
  contractAddress?: string | null
  blobGasUsed?: string | null
  blobGasPrice?: string | null
  failure?: Failure | null
}

export interface BlockDetails {
  number: string
  hash: string
  parentHash: string
  canonical: boolean
  timestamp: string
  miner: string
  gasUsed: string
  gasLimit: string
  baseFeePerGas: string | null
  /** Null before Cancun. */
  blobGasUsed: string | null
  excessBlobGas: string | null
  extraData: string
  transactionCount: number
  transactions: TransactionLine[]
  next: number | null
}

/** A log as eth_getLogs has it, with its decoding. */
export type WireLog = RpcLog & { decoded: Decoded | null }

export interface TransactionDetails {
  transaction: Record<string, unknown>
  canonical: boolean
  input: number
  call: Decoded | null
  status: string
  gasUsed: string
  logCount: number
  contractAddress: string | null
  blobGasUsed: string | null
  blobGasPrice: string | null
  failure: Failure | null
  logsFrom: number
  logs: WireLog[]
  next: number | null
}

export interface PoolAnswer {
  number: string
  pooled: number
  transactionCount: number
  transactions: Array<TransactionLine & { logs: WireLog[] }>
  queuedCount: number
  queued: TransactionLine[]
}

export interface FilterLine {
  id: string
  kind: string
  criteria: Record<string, unknown> | null
  installedAt: number
  lastPolledAt: number
  expiresAt: number
  waiting: number
}

export interface SubscriptionLine {
  id: string
  kind: string
  criteria: Record<string, unknown> | null
  connection: number | null
  client: string | null
  createdAt: number
  notified: number
}

export interface RequestLine {
  seq: number
  at: number
  network: string
  transport: string
  client?: string
  connection?: number
  method: string
  params: string
  durationMs: number
  size?: number
  error?: { code: number; message: string }
  injected?: boolean
}

export type ScenarioStep = ScenarioSteps['steps'][number]

export type ScenarioAnswer = ScenarioSteps

/** A change of the canonical chain, as sim_subscribe `chain` tells it. */
export type ChainEvent =
  | { type: 'block'; block: TreeBlock }
  | { type: 'reorg'; commonAncestor: BlockRef; removed: string[]; added: TreeBlock[] }
  /** anvil_reset or anvil_loadState made another chain the network's: everything is read again. */
  | { type: 'replaced'; head: BlockRef; safe: BlockRef; finalized: BlockRef; top: string }
