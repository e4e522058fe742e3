import { defineMethod, returns } from '../defineMethod.ts'
import { internalOperations } from '../formatters/otterscan.ts'
import type { OtsInternalOperation } from '../formatters/otterscan.ts'
import { minedCallTree } from '../minedCallTree.ts'
import { hash32 } from '../schemas.ts'

export const ots_getInternalOperations = defineMethod({
  name: 'ots_getInternalOperations',
  description: 'The value transfers, contract creations and self-destructs of a mined transaction, read from its call tree.',
  params: [hash32],
  result: returns<OtsInternalOperation[]>(),
  reads: { block: { param: 0, kind: 'transaction' }, state: true },
  lagged: true,
  fork: 'local',
  handler: async ([hash], { node }) => internalOperations(await minedCallTree(node, hash)),
})
