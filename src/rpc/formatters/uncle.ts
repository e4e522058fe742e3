import { uncleAsBlock } from '../../evm/index.ts'
import type { Block } from '../../evm/index.ts'
import { formatBlock } from './block.ts'
import type { RpcUncle } from 'viem'

/** Uncle `index` of `block` as geth answers it (a block with no transactions or uncles), or null. */
export function formatUncle(block: Block, index: bigint): RpcUncle | null {
  const uncle = uncleAsBlock(block, index)
  return uncle ? { ...formatBlock(uncle, [], { fullTransactions: false }), transactions: [] } : null
}
