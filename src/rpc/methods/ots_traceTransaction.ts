import { defineMethod, returns } from '../defineMethod.ts'
import { traceEntries } from '../formatters/otterscan.ts'
import type { OtsTraceEntry } from '../formatters/otterscan.ts'
import { minedCallTree } from '../minedCallTree.ts'
import { hash32 } from '../schemas.ts'

export const ots_traceTransaction = defineMethod({
  name: 'ots_traceTransaction',
  description: "A mined transaction's calls, depth first, each with its depth, value, input and output.",
  params: [hash32],
  result: returns<OtsTraceEntry[]>(),
  reads: { block: { param: 0, kind: 'transaction' }, state: true },
  lagged: true,
  fork: 'local',
  handler: async ([hash], { node }) => traceEntries(await minedCallTree(node, hash)),
})
