import type { ChainBlock } from '../chain/types.ts'
import { callTreesOfBlock } from '../stateReads/callTrees.ts'
import type { ChainNode } from '../node.ts'
import { localized, parityTraces } from './formatters/parityTrace.ts'
import type { LocalizedParityTrace } from './formatters/parityTrace.ts'

/** trace_block: every transaction's Parity traces, in block order, localized. */
export async function parityTracesOfBlock(node: ChainNode, block: ChainBlock): Promise<LocalizedParityTrace[]> {
  if (block.number === node.chain.genesis.number) return []
  const frames = await callTreesOfBlock(node.execution, block)
  return frames.flatMap((frame, index) =>
    localized(parityTraces(frame), {
      blockHash: block.hash,
      blockNumber: block.number,
      transactionHash: block.transactions[index]!.signed.hash,
      transactionPosition: index,
    }),
  )
}
