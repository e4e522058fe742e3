import type { ChainBlock } from '../chain/types.ts'
import { InvalidParamsError } from '../errors.ts'
import type { Chain } from '../chain/chain.ts'
import type { BuiltBlock, SignedTransaction } from '../evm/index.ts'

/** What a reorganisation removes and what it mines in its place. */
export interface ReorgPlan {
  /** How many canonical blocks to remove (≥ 1). */
  depth: number
  /** How many blocks the replacement branch has (0 = a rollback). */
  length: number
  /**
   * The transactions of each new block, by block index; each list is tried in order and what
   * does not fit (gas) moves on to the next block.
   */
  blocks: SignedTransaction[][]
  /** Allow removing blocks at or below `finalized`. */
  force: boolean
}

/** The outcome, in domain types; the RPC layer formats it. */
export interface ReorgOutcome {
  commonAncestor: ChainBlock
  removed: ChainBlock[]
  added: ChainBlock[]
  removedLogs: number
  addedLogs: number
  /** Transactions that were planned but could not run on the new branch (or did not fit). */
  notIncluded: SignedTransaction[]
}

/** Checks depth against the chain and the finality rule; returns the common ancestor's number. */
export function checkReorgDepth(
  head: bigint,
  finalized: bigint,
  depth: number,
  force: boolean,
): bigint {
  if (!Number.isInteger(depth) || depth < 1) throw new InvalidParamsError('invalid argument 0: depth must be at least 1')
  const ancestor = head - BigInt(depth)
  if (ancestor < 0n) {
    throw new InvalidParamsError(
      `invalid argument 0: depth ${depth} exceeds the chain height ${head} (the genesis block cannot be removed)`,
    )
  }
  if (!force && ancestor < finalized) {
    throw new InvalidParamsError(
      `invalid argument 0: a reorg of depth ${depth} would remove block ${ancestor + 1n}, at or below the finalized block ${finalized}; pass force: true to do it anyway`,
    )
  }
  return ancestor
}

/**
 * Where re-included transactions start in the new branch (sim_reorg): one block later than
 * the first of them was, or earlier when that is where it was, so that positions visibly
 * change; clamped to the branch.
 */
export function reinclusionStart(firstOrphanOffset: number | undefined, length: number): number {
  if (length <= 1) return 0
  return firstOrphanOffset === 1 ? 0 : 1
}

/** Builds one block of the replacement branch on `parent` (the node supplies clock and coinbase). */
export type BranchBlockBuilder = (
  parent: ChainBlock,
  transactions: SignedTransaction[],
  extraData: Uint8Array,
) => Promise<BuiltBlock>

/**
 * Removes the newest `plan.depth` canonical blocks and mines `plan.length` blocks on their
 * common ancestor, then switches the canonical chain in one step (one `reorged` event). The
 * branch is built before anything canonical changes, so a failure leaves the chain as it was.
 * Replacement blocks carry a distinct extraData, so even an empty one gets a new hash.
 */
export async function executeReorg(
  chain: Chain,
  plan: ReorgPlan,
  buildBranchBlock: BranchBlockBuilder,
  reorgNumber: number,
): Promise<ReorgOutcome> {
  const finalized = chain.tagNumber('finalized')
  const ancestorNumber = checkReorgDepth(chain.head.number, finalized, plan.depth, plan.force)
  const ancestor = chain.blockByNumber(ancestorNumber) as ChainBlock
  const extraData = new TextEncoder().encode(`chainsim reorg ${reorgNumber}`)
  const branch: ChainBlock[] = []
  let carried: SignedTransaction[] = []
  const notIncluded: SignedTransaction[] = []
  let parent = ancestor
  for (let i = 0; i < plan.length; i++) {
    const built = await buildBranchBlock(parent, [...carried, ...(plan.blocks[i] ?? [])], extraData)
    carried = built.deferred
    notIncluded.push(...built.rejected.map((r) => r.signed))
    parent = chain.addSideBlock(built)
    branch.push(parent)
  }
  notIncluded.push(...carried, ...plan.blocks.slice(plan.length).flat())
  const { removed, added } = chain.switchTo(ancestor, branch)
  const countLogs = (blocks: ChainBlock[]) => blocks.reduce((sum, b) => sum + b.logCount, 0)
  return { commonAncestor: ancestor, removed, added, removedLogs: countLogs(removed), addedLogs: countLogs(added), notIncluded }
}
