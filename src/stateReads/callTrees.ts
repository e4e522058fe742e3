import type { ChainBlock } from '../chain/types.ts'
import type { CallFrame, TraceResult, TracerSpec } from '../evm/index.ts'
import type { ExecutionReads } from './executionReads.ts'

/** geth's callTracer with subcalls, under geth's default trace timeout: what Parity's traces and Otterscan read. */
const CALL_TREES: TracerSpec = { tracer: 'callTracer', options: { onlyTopCall: false, withLog: false }, timeoutMs: 5_000 }

/** The call tree of each transaction of a mined block, re-executed. */
export async function callTreesOfBlock(execution: ExecutionReads, block: ChainBlock): Promise<CallFrame[]> {
  if (block.transactions.length === 0) return []
  return (await execution.traceBlock(block, CALL_TREES)).map(callTreeOf)
}

/** The call tree of the transaction at `index` of a mined block, re-executed after the ones before it. */
export async function callTreeOfTransaction(execution: ExecutionReads, block: ChainBlock, index: number): Promise<CallFrame> {
  return callTreeOf(await execution.traceTransaction(block, index, CALL_TREES))
}

function callTreeOf(result: TraceResult): CallFrame {
  if (result.tracer !== 'callTracer') throw new Error(`a call tracer answered as ${result.tracer}`)
  return result.trace
}
