import type { ClockState } from './chain/clock.ts'
import type { StateOverride } from './chain/headStateOverride.ts'
import type { Snapshot } from './chain/snapshots.ts'
import type { ChainBlock, FinalityDepths } from './chain/types.ts'
import type { SignedTransaction } from './evm/index.ts'
import type { MiningMode } from './mining/miner.ts'
import type { ReorgCause } from './reorg/reorgHistory.ts'

/**
 * A whole network as data, between two writes: what a state file saves and restores it from without executing
 * anything. Blocks and transactions are the chain's own objects (a state file encodes them as bytes); states are
 * the trie nodes and code of every state kept, with who holds which.
 */
export interface NetworkImage {
  /** geth-format genesis (what `chainsim serve --genesis` reads). */
  genesis: Record<string, unknown>
  finality: FinalityDepths
  /** Every block but genesis, parents first, in the order they were sealed. */
  blocks: ChainBlock[]
  /** The canonical head's hash key. */
  head: string
  /** The blocks whose states the state window holds, in the order it took them. */
  held: string[]
  /** Every trie node and code entry kept, as the engine keys them. */
  states: Array<[key: Uint8Array, value: Uint8Array]>
  /** The dev keys it signs with. */
  accounts: Uint8Array[]
  /** The addresses it sends as without a key (anvil_impersonateAccount). */
  impersonated: string[]
  /** Pooled transactions in arrival order. */
  pool: SignedTransaction[]
  clock: ClockState
  mining: MiningMode
  blockParameters: BlockParametersImage
  snapshots: SnapshotsImage
  /** State set directly on the head and not yet in a block. */
  headOverride: StateOverride | undefined
  reorgs: ReorgsImage
}

export interface BlockParametersImage {
  gasLimit: bigint
  coinbase: Uint8Array
  nextBaseFee: bigint | undefined
}

/** evm_snapshot's snapshots held, by id, and the last id given. */
export interface SnapshotsImage {
  lastId: number
  entries: Array<[id: number, snapshot: Snapshot]>
}

/** One reorganisation as recorded, its blocks by hash key. */
export interface ReorgImage {
  id: number
  cause: ReorgCause
  at: number
  commonAncestor: string
  removed: string[]
  added: string[]
}

export interface ReorgsImage {
  /** How many reorganisations happened, forgotten ones included. */
  total: number
  records: ReorgImage[]
}

/** A pool change, in order: a transaction that arrived, or one that left (mined, dropped, replaced). */
export type PoolChange = { add: SignedTransaction } | { remove: string }

/** A window change, in order: a block whose state the window took, or let go. */
export type WindowChange = { hold: string } | { letGo: string }

/**
 * What one write changed, as data, in the order it happened where order matters: the blocks it stored, the trie
 * nodes it kept, the window's and the pool's changes, and the new value of each small part it changed. When the
 * write replaced the whole chain (anvil_reset, anvil_loadState), `whole` is the network as it now is, and the rest
 * is empty.
 */
export interface NetworkChange {
  whole?: NetworkImage
  blocks: ChainBlock[]
  states: Array<[key: Uint8Array, value: Uint8Array]>
  window: WindowChange[]
  head?: string
  pool: PoolChange[]
  clock?: ClockState
  mining?: MiningMode
  blockParameters?: BlockParametersImage
  impersonated?: string[]
  snapshots?: SnapshotsImage
  headOverride?: { value: StateOverride | undefined }
  /** Reorganisations recorded by this write. */
  reorgs?: ReorgImage[]
}

/** Whether `change` changed nothing. */
export function isEmptyChange(change: NetworkChange): boolean {
  return (
    change.whole === undefined &&
    change.blocks.length === 0 &&
    change.states.length === 0 &&
    change.window.length === 0 &&
    change.head === undefined &&
    change.pool.length === 0 &&
    change.clock === undefined &&
    change.mining === undefined &&
    change.blockParameters === undefined &&
    change.impersonated === undefined &&
    change.snapshots === undefined &&
    change.headOverride === undefined &&
    change.reorgs === undefined
  )
}

/**
 * Applies `change` to `image` (restoring: a state file's journal replayed over its last whole picture). Blocks
 * and pool entries are looked up by hash key in the maps given, which this keeps up to date.
 */
export function applyChange(image: NetworkImage, change: NetworkChange, index: ImageIndex): NetworkImage {
  if (change.whole) {
    index.reset(change.whole)
    return change.whole
  }
  for (const block of change.blocks) {
    image.blocks.push(block)
  }
  image.states.push(...change.states)
  for (const step of change.window) {
    if ('hold' in step) index.held.add(step.hold)
    else index.held.delete(step.letGo)
  }
  if (change.head !== undefined) image.head = change.head
  for (const step of change.pool) {
    if ('add' in step) index.pool.set(step.add.hashKey, step.add)
    else index.pool.delete(step.remove)
  }
  if (change.clock) image.clock = change.clock
  if (change.mining) image.mining = change.mining
  if (change.blockParameters) image.blockParameters = change.blockParameters
  if (change.impersonated) image.impersonated = change.impersonated
  if (change.snapshots) image.snapshots = change.snapshots
  if (change.headOverride) image.headOverride = change.headOverride.value
  if (change.reorgs) image.reorgs = { total: image.reorgs.total + change.reorgs.length, records: [...image.reorgs.records, ...change.reorgs] }
  return image
}

/** The ordered sets an image's window and pool are replayed into; `finish` writes them back to the image. */
export class ImageIndex {
  held = new Set<string>()
  pool = new Map<string, SignedTransaction>()

  constructor(image: NetworkImage) {
    this.reset(image)
  }

  reset(image: NetworkImage): void {
    this.held = new Set(image.held)
    this.pool = new Map(image.pool.map((signed) => [signed.hashKey, signed]))
  }

  finish(image: NetworkImage): NetworkImage {
    image.held = [...this.held]
    image.pool = [...this.pool.values()]
    return image
  }
}
