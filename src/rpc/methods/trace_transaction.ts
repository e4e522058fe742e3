import { defineMethod, returns } from '../defineMethod.ts'
import { localized, parityTraces } from '../formatters/parityTrace.ts'
import type { LocalizedParityTrace } from '../formatters/parityTrace.ts'
import { callTreeOfTransaction } from '../../stateReads/callTrees.ts'
import { hash32 } from '../schemas.ts'

export const trace_transaction = defineMethod({
  name: 'trace_transaction',
  description: "A mined transaction's call tree as Parity's flat trace list (empty for a transaction not mined).",
  params: [hash32],
  result: returns<LocalizedParityTrace[]>(),
  reads: { block: { param: 0, kind: 'transaction' }, state: true },
  lagged: true,
  fork: 'passedOn',
  handler: async ([hash], { node }) => {
    const found = node.chain.transaction(hash)
    // Anvil answers an unknown (or pooled) transaction with no traces rather than an error.
    if (!found) return []
    const frame = await callTreeOfTransaction(node.execution, found.block, found.index)
    return localized(parityTraces(frame), {
      blockHash: found.block.hash,
      blockNumber: found.block.number,
      transactionHash: hash,
      transactionPosition: found.index,
    })
  },
})
