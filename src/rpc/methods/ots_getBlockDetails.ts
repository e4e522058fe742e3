import { ServerError } from '../../errors.ts'
import { defineMethod, returns } from '../defineMethod.ts'
import { formatBlockDetails } from '../formatters/otterscan.ts'
import type { OtsBlockDetails } from '../formatters/otterscan.ts'
import { blockNumberOrTag } from '../otsParams.ts'

export const ots_getBlockDetails = defineMethod({
  name: 'ots_getBlockDetails',
  description: 'A canonical block without its transactions, with their count, issuance (none) and the fees they paid.',
  params: [blockNumberOrTag],
  result: returns<OtsBlockDetails>(),
  reads: { block: { param: 0, kind: 'number' } },
  lagged: true,
  fork: 'local',
  handler: ([selector], { node }) => {
    const block = selector === 'pending' ? undefined : node.blockBySelector(selector)
    if (!block) throw new ServerError('block not found')
    return formatBlockDetails(block)
  },
})
