import { defineMethod, returns } from '../defineMethod.ts'
import type { OtsContractCreator } from '../formatters/otterscan.ts'
import { contractCreator } from '../contractCreator.ts'
import { address } from '../schemas.ts'

export const ots_getContractCreator = defineMethod({
  name: 'ots_getContractCreator',
  description: 'The canonical transaction that last created a contract and the account (or contract) that created it, or null.',
  params: [address],
  result: returns<OtsContractCreator | null>(),
  reads: { state: true },
  handler: ([contract], { node }) => contractCreator(node, contract),
})
