import type { Chain } from '../chain/chain.ts'
import type { ChainBlock } from '../chain/types.ts'
import { keyOf } from '../evm/index.ts'
import type { SignedTransaction } from '../evm/index.ts'
import { ReorgError } from './errors.ts'
import { reorgAncestor } from './reorgEngine.ts'
import type { ReorgPlan } from './reorgEngine.ts'

/** sim_reorg's options (docs/reference/reorgs-and-filters.md), in domain types. */
export interface SimReorgOptions {
  depth: number
  /** Blocks in the replacement branch; default depth + 1, so the new branch is longer. */
  length?: number
  /** Orphaned transactions: re-mined in the new branch ("all") or back to the pool ("none"). */
  reinclude?: 'all' | 'none'
  /** Hashes of orphaned (or pooled) transactions to discard. */
  drop?: Uint8Array[]
  /** Raw signed transactions placed in the first new block. */
  add?: Uint8Array[]
  force?: boolean
}

/** A sim_reorg ready to run: the branch to build, and what happens to the pool around it. */
export interface SimReorgPlan extends ReorgPlan {
  /** Transactions discarded, wherever they are (orphaned or pooled). */
  drop: ReadonlySet<string>
  /** Orphaned transactions not dropped, oldest first: re-mined, or back to the pool with `reinclude: "none"`. */
  kept: SignedTransaction[]
}

/** What planning needs besides the chain: the pool, and the node's transaction decoder. */
export interface SimReorgContext {
  isPooled(hashKey: string): boolean
  decode(raw: Uint8Array): SignedTransaction
}

/**
 * Plans a sim_reorg: the ancestor (never past genesis, nor `finalized` unless forced), the branch length,
 * the added transactions in the first new block, and the kept orphaned ones together in one block at another
 * place than they were ({@link reinclusionStart}).
 */
export function planSimReorg(chain: Chain, options: SimReorgOptions, context: SimReorgContext): SimReorgPlan {
  const ancestor = reorgAncestor(chain, options.depth, options.force ?? false)
  const length = options.length ?? options.depth + 1
  if (!Number.isInteger(length) || length < 0) throw new ReorgError('length', 'length must be 0 or more')
  const orphaned = transactionsAbove(chain, ancestor.number)
  const drop = new Set((options.drop ?? []).map(keyOf))
  for (const key of drop) {
    if (!orphaned.some((o) => o.signed.hashKey === key) && !context.isPooled(key)) {
      throw new ReorgError('drop', `drop: transaction ${key} is neither in the reorged blocks nor pending`)
    }
  }
  const added = (options.add ?? []).map((raw, i) => {
    try {
      return context.decode(raw)
    } catch (error) {
      throw new ReorgError('add', `add[${i}]: ${(error as Error).message}`)
    }
  })
  const kept = orphaned.filter((o) => !drop.has(o.signed.hashKey))
  const blocks: SignedTransaction[][] = [added]
  if ((options.reinclude ?? 'all') === 'all' && kept.length > 0) {
    const start = reinclusionStart(Number(kept[0]!.blockNumber - ancestor.number - 1n), length)
    blocks[start] = [...(blocks[start] ?? []), ...kept.map((o) => o.signed)]
  }
  return { ancestor, length, blocks, drop, kept: kept.map((o) => o.signed) }
}

/**
 * Where re-included transactions go in the new branch: into its second block, or its first when the first
 * of them was in the second removed block, so that positions visibly change; with one block, that block.
 */
export function reinclusionStart(firstOrphanOffset: number, length: number): number {
  if (length <= 1) return 0
  return firstOrphanOffset === 1 ? 0 : 1
}

/** Canonical transactions above `number`, oldest first, with the block each was in. */
function transactionsAbove(chain: Chain, number: bigint): Array<{ signed: SignedTransaction; blockNumber: bigint }> {
  const found: Array<{ signed: SignedTransaction; blockNumber: bigint }> = []
  for (let n = number + 1n; n <= chain.head.number; n++) {
    const block = chain.blockByNumber(n) as ChainBlock
    for (const executed of block.transactions) found.push({ signed: executed.signed, blockNumber: n })
  }
  return found
}
