import type { BlockSelector, ChainBlock } from '../chain/types.ts'
import { ServerError } from '../errors.ts'
import type { ChainNode } from '../node.ts'
import type { PendingBlock } from '../txpool/pendingBlock.ts'
import type { BlockSelectorOrHash } from './schemas.ts'

/**
 * The block a state-reading method (eth_getBalance, eth_call...) runs against: a canonical
 * block by tag or number, any known block by hash (EIP-1898), or the pending block.
 */
export async function resolveStateBlock(node: ChainNode, ref: BlockSelectorOrHash): Promise<ChainBlock | PendingBlock> {
  if (typeof ref === 'object') {
    const block = node.chain.blockByHash(ref.blockHash)
    if (!block) throw new ServerError('header for hash not found')
    if (ref.requireCanonical && !node.chain.isCanonical(block)) throw new ServerError('hash is not currently canonical')
    return block
  }
  if (ref === 'pending') return node.pendingBlock()
  const block = node.blockBySelector(ref)
  if (!block) throw new ServerError('header not found')
  return block
}

/** A canonical block by tag or number, for the block-reading methods; unknown → undefined (null). */
export async function resolveBlockByTag(node: ChainNode, tag: BlockSelector): Promise<{ block: ChainBlock } | { pending: PendingBlock } | undefined> {
  if (tag === 'pending') return { pending: await node.pendingBlock() }
  const block = node.blockBySelector(tag)
  return block ? { block } : undefined
}
