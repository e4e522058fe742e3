import type { Block } from '../../evm/index.ts'
import { formatBlock } from './block.ts'
import type { RpcBlock } from './block.ts'

/** A header as `newHeads` sends it: a block's fields without its body. */
export type RpcHeader = Omit<RpcBlock, 'transactions' | 'uncles' | 'withdrawals' | 'size'>

/** A block header as `newHeads` sends it: the block's fields without its body. */
export function formatHeader(block: Block): RpcHeader {
  const { transactions: _t, uncles: _u, withdrawals: _w, size: _s, ...header } = formatBlock(block, [], { fullTransactions: false })
  return header
}
