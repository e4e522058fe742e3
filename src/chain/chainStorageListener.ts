import type { ChainBlock } from './types.ts'

/**
 * What a chain tells whoever keeps its changes as they happen (a state file's journal), besides its events: each
 * block stored (on the head or a side branch), and each block whose state the window starts or stops holding.
 */
export interface ChainStorageListener {
  stored(block: ChainBlock): void
  held(block: ChainBlock): void
  letGo(block: ChainBlock): void
}
