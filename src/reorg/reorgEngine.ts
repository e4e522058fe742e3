import type { Chain } from '../chain/chain.ts'
import type { ChainBlock } from '../chain/types.ts'
import type { BuiltBlock, SignedTransaction } from '../evm/index.ts'
import { ReorgError } from './errors.ts'

/** What a reorganisation removes and what it mines in its place. */
export interface ReorgPlan {
  /** The canonical block the new branch grows from; every block above it is removed. */
  ancestor: ChainBlock
  /** How many blocks the replacement branch has (0 = a rollback). */
  length: number
  /**
   * The transactions of each new block, by block index; each list is tried in order and what
   * does not fit (gas) moves on to the next block.
   */
  blocks: SignedTransaction[][]
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

/**
 * The common ancestor of a reorg of `depth` blocks, checked against the chain and the finality rule: the
 * chain's first block (genesis, or a fork's fork block) is never removed, nor a block at or below `finalized`
 * unless `force`.
 */
export function reorgAncestor(chain: Chain, depth: number, force: boolean): ChainBlock {
  if (!Number.isInteger(depth) || depth < 1) throw new ReorgError('depth', 'depth must be at least 1')
  const head = chain.head.number
  const ancestor = head - BigInt(depth)
  const first = chain.genesis.number
  if (ancestor < first) {
    // A chain whose first block is not block 0 is a fork: its first block is the upstream's fork block.
    throw new ReorgError(
      'depth',
      first > 0n
        ? `depth ${depth} would remove block ${first}, the fork block this chain grows from: a reorg stays above it (at most depth ${head - first})`
        : `depth ${depth} exceeds the chain height ${head} (the genesis block cannot be removed)`,
    )
  }
  const finalized = chain.tagNumber('finalized')
  if (!force && ancestor < finalized) {
    throw new ReorgError(
      'depth',
      `a reorg of depth ${depth} would remove block ${ancestor + 1n}, at or below the finalized block ${finalized}; pass force: true to do it anyway`,
    )
  }
  const block = chain.blockByNumber(ancestor) as ChainBlock
  // The new branch grows on the ancestor's state (a rollback makes it the head's): it must still be kept.
  if (!chain.hasState(block)) {
    throw new ReorgError(
      'depth',
      `a reorg of depth ${depth} needs the state of block ${ancestor}, which is no longer kept (the newest ${chain.stateBlocks} blocks keep their state; set history.stateBlocks in the config, or serve with --archive, to keep more)`,
    )
  }
  return block
}

/** Builds one block of the replacement branch on `parent` (the node supplies clock and coinbase). */
export type BranchBlockBuilder = (parent: ChainBlock, transactions: SignedTransaction[], extraData: Uint8Array) => Promise<BuiltBlock>

/**
 * Removes every canonical block above the plan's ancestor and mines `plan.length` blocks on it, then
 * switches the canonical chain in one step (one `reorged` event). The branch is built before anything
 * canonical changes, so a failure leaves the chain as it was. Replacement blocks carry a distinct
 * extraData, so even an empty one gets a new hash.
 */
export async function executeReorg(chain: Chain, plan: ReorgPlan, buildBranchBlock: BranchBlockBuilder, reorgNumber: number): Promise<ReorgOutcome> {
  const extraData = new TextEncoder().encode(`chainsim reorg ${reorgNumber}`)
  const branch: ChainBlock[] = []
  let carried: SignedTransaction[] = []
  const notIncluded: SignedTransaction[] = []
  let parent = plan.ancestor
  for (let i = 0; i < plan.length; i++) {
    const built = await buildBranchBlock(parent, [...carried, ...(plan.blocks[i] ?? [])], extraData)
    carried = built.deferred
    notIncluded.push(...built.rejected.map((r) => r.signed))
    parent = chain.addSideBlock(built)
    branch.push(parent)
  }
  notIncluded.push(...carried, ...plan.blocks.slice(plan.length).flat())
  const { removed, added } = chain.switchTo(plan.ancestor, branch)
  const countLogs = (blocks: ChainBlock[]) => blocks.reduce((sum, b) => sum + b.logCount, 0)
  return { commonAncestor: plan.ancestor, removed, added, removedLogs: countLogs(removed), addedLogs: countLogs(added), notIncluded }
}
