import type { ChainBlock } from '../chain/types.ts'
import type { CallFrame, TracerSpec } from '../evm/index.ts'
import { ServerError } from '../errors.ts'
import type { ChainNode } from '../node.ts'
import { localized, parityTraces } from './formatters/parityTrace.ts'
import type { LocalizedParityTrace } from './formatters/parityTrace.ts'

/** geth's callTracer with subcalls, under geth's default trace timeout: every Parity-style answer is read from its frames. */
const CALL_FRAMES: TracerSpec = { tracer: 'callTracer', options: { onlyTopCall: false, withLog: false }, timeoutMs: 5_000 }

/** The call tree of each transaction of a mined block, re-executed. */
export async function callFramesOfBlock(node: ChainNode, block: ChainBlock): Promise<CallFrame[]> {
  if (block.number === 0n) return []
  const traces = await node.execution.traceBlock(block, CALL_FRAMES)
  return traces.map((trace) => {
    if (trace.tracer !== 'callTracer') throw new ServerError('the call tracer answered no call frames')
    return trace.trace
  })
}

/** The call tree of the transaction at `index` of a mined block, re-executed. */
export async function callFramesOfTransaction(node: ChainNode, block: ChainBlock, index: number): Promise<CallFrame> {
  const trace = await node.execution.traceTransaction(block, index, CALL_FRAMES)
  if (trace.tracer !== 'callTracer') throw new ServerError('the call tracer answered no call frames')
  return trace.trace
}

/** trace_block: every transaction's Parity traces, in block order, localized. */
export async function parityTracesOfBlock(node: ChainNode, block: ChainBlock): Promise<LocalizedParityTrace[]> {
  const frames = await callFramesOfBlock(node, block)
  return frames.flatMap((frame, index) =>
    localized(parityTraces(frame), {
      blockHash: block.hash,
      blockNumber: block.number,
      transactionHash: block.transactions[index]!.signed.hash,
      transactionPosition: index,
    }),
  )
}
