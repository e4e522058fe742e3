import type { Chain } from '../chain/chain.ts'
import type { ChainBlock } from '../chain/types.ts'

/** One reorganisation as a filter replays it: the ancestor the chain went back to, and what it removed. */
export interface ReorgRecord {
  ancestor: ChainBlock
  /** The blocks that left the canonical chain, oldest first. */
  removed: readonly ChainBlock[]
  /**
   * The chain it happened on. A network's chain can be replaced whole (anvil_reset, anvil_loadState): the old
   * one is first taken back to its genesis, and the reorgs recorded before are replayed on it.
   */
  chain: Chain
}

/**
 * One step of what happened to the chain, in the order it happened:
 * - `joined`: canonical blocks `from..to` joined the chain (and are still canonical: read them by number);
 * - `block`: one block joined (`removed: false`) or left (`removed: true`) the chain; a block that joined and
 *   has left since is read from the block itself, since nothing canonical holds it any more.
 */
export type ChainStep = { kind: 'joined'; from: bigint; to: bigint } | { kind: 'block'; block: ChainBlock; removed: boolean }

/**
 * Everything that happened to the canonical chain after block `cursor`, given the reorgs since, in the
 * order it happened (geth appends every event to a filter's buffer and never merges them): blocks that joined
 * on top of `cursor` up to each reorg, the blocks that reorg removed, and so on, then the blocks that joined
 * since the last reorg. Blocks still canonical come as number ranges, so a caller reads them from an index
 * and the cost is what changed, not the chain's length.
 */
export function* chainStepsSince(cursor: bigint, reorgs: readonly ReorgRecord[], chain: Chain): Generator<ChainStep> {
  for (const { ancestor, removed, chain: reorganised } of reorgs) {
    // Before this reorg, the chain above the cursor was the ancestor's own branch, then the removed blocks.
    yield* branchAbove(cursor, ancestor, reorganised)
    for (const block of removed) if (block.number > cursor) yield { kind: 'block', block, removed: false }
    for (const block of removed) yield { kind: 'block', block, removed: true }
    cursor = ancestor.number
  }
  const head = chain.head.number
  if (cursor < head) yield { kind: 'joined', from: cursor + 1n, to: head }
}

/**
 * The blocks above `cursor` up to `tip` along `tip`'s own branch, oldest first. The part that is still
 * canonical is one number range; a later reorg may have orphaned the newest part, which comes block by block.
 */
function* branchAbove(cursor: bigint, tip: ChainBlock, chain: Chain): Generator<ChainStep> {
  const orphaned: ChainBlock[] = []
  let block: ChainBlock | undefined = tip
  while (block && block.number > cursor && !chain.isCanonical(block)) {
    orphaned.push(block)
    block = chain.blockByHash(block.parentKey)
  }
  if (block && block.number > cursor) yield { kind: 'joined', from: cursor + 1n, to: block.number }
  for (let i = orphaned.length - 1; i >= 0; i--) yield { kind: 'block', block: orphaned[i]!, removed: false }
}
