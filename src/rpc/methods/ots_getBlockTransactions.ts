import { ServerError } from '../../errors.ts'
import { defineMethod, returns } from '../defineMethod.ts'
import { formatBlockTransactions } from '../formatters/otterscan.ts'
import type { OtsBlockTransactions } from '../formatters/otterscan.ts'
import { jsonCount, pageSize } from '../otsParams.ts'

export const ots_getBlockTransactions = defineMethod({
  name: 'ots_getBlockTransactions',
  description: "One page (a number from 0, and a size) of a canonical block's transactions, with their receipts and the block's timestamp.",
  params: [jsonCount, jsonCount, pageSize],
  result: returns<OtsBlockTransactions>(),
  handler: ([number, page, size], { node }) => {
    const block = node.chain.blockByNumber(BigInt(number))
    if (!block) throw new ServerError('block not found')
    return formatBlockTransactions(block, page, size)
  },
})
