import type { Block } from '../../evm/index.ts'
import { formatBlock } from './block.ts'

/** A block header as `newHeads` sends it: the block's fields without its body. */
export function formatHeader(block: Block): Record<string, unknown> {
  const { transactions: _t, uncles: _u, withdrawals: _w, size: _s, ...header } = formatBlock(block, [], { fullTransactions: false })
  return header
}
