import { ServerError } from '../../errors.ts'
import { defineMethod, returns } from '../defineMethod.ts'
import { formatBlockDetails } from '../formatters/otterscan.ts'
import type { OtsBlockDetails } from '../formatters/otterscan.ts'
import { hash32 } from '../schemas.ts'

export const ots_getBlockDetailsByHash = defineMethod({
  name: 'ots_getBlockDetailsByHash',
  description: 'ots_getBlockDetails for a block named by hash (canonical or orphaned).',
  params: [hash32],
  result: returns<OtsBlockDetails>(),
  reads: { block: { param: 0, kind: 'hash' } },
  lagged: true,
  fork: 'local',
  handler: ([hash], { node }) => {
    const block = node.chain.blockByHash(hash)
    if (!block) throw new ServerError('block not found')
    return formatBlockDetails(block)
  },
})
