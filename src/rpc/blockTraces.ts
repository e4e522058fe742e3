import type { ChainBlock } from '../chain/types.ts'
import type { TracerSpec } from '../evm/index.ts'
import { ServerError } from '../errors.ts'
import type { ChainNode } from '../node.ts'
import type { PendingBlock } from '../txpool/pendingBlock.ts'
import type { Hash } from 'viem'
import { formatTrace } from './formatters/trace.ts'
import type { GethTrace } from './formatters/trace.ts'
import { toData } from './formatters/hex.ts'

/** One transaction's trace in a block's, as geth answers debug_traceBlockBy*. */
export interface GethBlockTrace {
  txHash: Hash
  result: GethTrace
}

/** debug_traceBlockBy*: every transaction of `block` traced, as geth's `[{txHash, result}]`. */
export async function traceBlock(node: ChainNode, block: ChainBlock | PendingBlock, spec: TracerSpec): Promise<GethBlockTrace[]> {
  if (block.header.number === 0n) throw new ServerError('genesis is not traceable')
  const traces = await node.execution.traceBlock(block, spec)
  return block.transactions.map((executed, index) => ({ txHash: toData(executed.signed.hash), result: formatTrace(traces[index]!) }))
}
