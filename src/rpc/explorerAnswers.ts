// What the explorer's sim_ methods answer (docs/guides/explorer.md): the answers' wire types, which the methods
// declare and the page reads (src/explorer/ui/types.ts re-exports them). Chain quantities are hex strings, the
// explorer's own figures (counts, ids, times in ms) JSON numbers.
import type { FaultSpec } from './faults/faultSpec.ts'
import type { RpcTransaction } from './formatters/transaction.ts'
import type { RpcLog } from './formatters/log.ts'
import type { ScenarioSteps } from './methodContext.ts'
import type { LoggedRequest } from './requestLog.ts'

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

/** Heights one sim_forkTree call may span; a report reads the whole tree a page of them at a time. */
export const MAX_TREE_HEIGHTS = 1000

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

/** sim_replay's answer: where the replay of an upstream's blocks stands. */
export interface ReplayStatus {
  from: string
  to: string
  next: string
  done: boolean
  paused: boolean
  speed: 'fast' | 'realtime' | number
  waiting: boolean
  /** The first field of a replayed block (or of its first differing transaction) that differs from the upstream's. */
  mismatch?: { block: string; field: string; transaction?: { index: number; hash: string }; expected: unknown; actual: unknown; message: string }
  error?: string
}

/** sim_reorgProfile's answer: the profile followed, in the file format (depth → weight), and its seed; null for none. */
export type FollowedReorgProfile = {
  profile: {
    name: string
    description: string
    probability: number
    depths: Record<string, number>
    transactions: { reinclude: number; drop: number; reorder: boolean }
    sources: string[]
  }
  seed: number
} | null

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

/** A transaction as a line of a block or of the pool. */
export interface TransactionSummary {
  hash: string
  type: string
  from: string
  to: string | null
  nonce: string
  value: string
  /** Blobs carried (a blob transaction's versioned hashes); 0 for any other type. */
  blobs: number
  call: Decoded | null
}

/** What a transaction's execution came to (mined, or in the pending block). */
export interface TransactionOutcome {
  status: string
  gasUsed: string
  logCount: number
  contractAddress: string | null
  blobGasUsed: string | null
  blobGasPrice: string | null
  failure: Failure | null
}

/** A line of a block's transactions (with its index and outcome) or of the queued ones (without). */
export interface TransactionLine extends TransactionSummary, Partial<TransactionOutcome> {
  index?: number
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

/** sim_transaction's answer: the transaction as eth_getTransactionByHash has it, its outcome and a page of its logs. */
export interface TransactionDetails extends TransactionOutcome {
  transaction: RpcTransaction
  canonical: boolean
  /** Bytes of calldata. */
  input: number
  call: Decoded | null
  /** The project's contract it called or created (`--artifacts DIR`), named by its runtime code. */
  contract: { address: string; name: string; created: boolean } | null
  /** Where an orphaned transaction was mined again on the canonical chain (its block and index); null otherwise. */
  reincluded: (BlockRef & { index: number }) | null
  /**
   * What the transaction printed with console.log, a line a call, in the order they ran: kept while the network
   * captures it (`chainsim serve` does) for the newest 1,024 transactions that printed; else empty.
   */
  console: string[]
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

/** One call a network answered, as sim_requests lists it and sim_subscribe `requests` sends it. */
export type RequestLine = LoggedRequest

export type ScenarioStep = ScenarioSteps['steps'][number]

export type ScenarioAnswer = ScenarioSteps

/** A change of the canonical chain, as sim_subscribe `chain` tells it. */
export type ChainEvent =
  | { type: 'block'; block: TreeBlock }
  | { type: 'reorg'; commonAncestor: BlockRef; removed: string[]; added: TreeBlock[] }
  /** anvil_reset or anvil_loadState made another chain the network's: everything is read again. */
  | { type: 'replaced'; head: BlockRef; safe: BlockRef; finalized: BlockRef; top: string }

/** sim_filters' page. */
export interface FilterList {
  total: number
  filters: FilterLine[]
}

/** sim_subscriptions' page. */
export interface SubscriptionList {
  total: number
  subscriptions: SubscriptionLine[]
}

/** sim_requests' page. */
export interface RequestList {
  total: number
  requests: RequestLine[]
}
