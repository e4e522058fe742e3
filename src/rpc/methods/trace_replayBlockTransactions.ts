import type { Hash, Hex } from 'viem'
import { z } from 'zod'
import { defineMethod, returns } from '../defineMethod.ts'
import { toData } from '../formatters/hex.ts'
import { parityTraces } from '../formatters/parityTrace.ts'
import type { ParityTrace } from '../formatters/parityTrace.ts'
import { callTreesOfBlock } from '../../stateReads/callTrees.ts'
import { blockTag } from '../schemas.ts'

/** One transaction replayed: its output and the traces asked for; chainsim (as Anvil) records no VM trace or state diff. */
export interface ReplayedTransaction {
  output: Hex
  stateDiff: null
  trace: ParityTrace[]
  vmTrace: null
  transactionHash: Hash
}

const traceTypes = z.array(z.enum(['trace', 'vmTrace', 'stateDiff'], { error: 'expected "trace", "vmTrace" or "stateDiff"' }), {
  error: 'expected an array of trace types',
})

export const trace_replayBlockTransactions = defineMethod({
  name: 'trace_replayBlockTransactions',
  description: "Every transaction of a canonical block replayed (none for an unknown block): its output and, when `trace` is asked for, Parity's trace list.",
  params: [blockTag, traceTypes],
  result: returns<ReplayedTransaction[]>(),
  reads: { block: { param: 0, kind: 'number' }, state: true },
  lagged: true,
  fork: 'passedOn',
  handler: async ([tag, types], { node }) => {
    const block = tag === 'pending' ? undefined : node.blockBySelector(tag)
    // Anvil answers an unknown block with no transactions rather than an error.
    if (!block) return []
    const frames = await callTreesOfBlock(node.execution, block)
    return frames.map((frame, index) => ({
      output: toData(frame.output ?? new Uint8Array()),
      stateDiff: null,
      trace: types.includes('trace') ? parityTraces(frame) : [],
      vmTrace: null,
      transactionHash: toData(block.transactions[index]!.signed.hash),
    }))
  },
})
