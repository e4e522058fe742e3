import type { RpcTransaction } from 'viem'
import { defineMethod, returns } from '../defineMethod.ts'
import { resolveBlockByTag } from '../blockResolution.ts'
import { formatMinedTransaction, formatTransaction } from '../formatters/transaction.ts'
import { blockTag, quantity } from '../schemas.ts'

export const eth_getTransactionByBlockNumberAndIndex = defineMethod({
  name: 'eth_getTransactionByBlockNumberAndIndex',
  description: "A block's transaction by position, or null.",
  params: [blockTag, quantity],
  result: returns<RpcTransaction | null>(),
  reads: { block: { param: 0, kind: 'number' } },
  lagged: true,
  fork: 'forwarded',
  cost: { infura: 150, alchemy: 20 },
  handler: async ([tag, index], { node }) => {
    const found = await resolveBlockByTag(node, tag)
    if (!found) return null
    if ('pending' in found) {
      const executed = index < BigInt(found.pending.transactions.length) ? found.pending.transactions[Number(index)] : undefined
      return executed ? formatTransaction(executed.signed) : null
    }
    if (index >= BigInt(found.block.transactions.length)) return null
    return formatMinedTransaction(found.block, Number(index))
  },
})
