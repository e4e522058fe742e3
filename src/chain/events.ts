import { EventEmitter } from 'node:events'
import type { ChainBlock } from './types.ts'

/** One reorganisation, as data: consumers (log index, filters, subscriptions) react to it. */
export interface ReorgEvent {
  commonAncestor: ChainBlock
  /** The blocks that left the canonical chain, oldest first. */
  removed: ChainBlock[]
  /** The blocks that joined it, oldest first. */
  added: ChainBlock[]
}

export interface ChainEventMap {
  /** A block joined the canonical chain on top of the previous head. */
  blockAdded: [block: ChainBlock]
  reorged: [event: ReorgEvent]
}

/** The chain's events; the chain knows nothing of who listens. */
export class ChainEvents extends EventEmitter<ChainEventMap> {}
