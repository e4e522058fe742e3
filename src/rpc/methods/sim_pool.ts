import { z } from 'zod'
import { bundledAbiDecoder } from '../../decoding/abiDecoder.ts'
import { defineMethod, returns } from '../defineMethod.ts'
import type { PoolAnswer } from '../explorerAnswers.ts'
import { pageLimit } from '../pageSchemas.ts'
import { formatOutcome, formatTransactionSummary, withDecoding } from '../formatters/explorer.ts'
import { toQuantity } from '../formatters/hex.ts'
import { formatPendingLog } from '../formatters/log.ts'

const MAX_TRANSACTIONS = 1000

const request = z
  .object({ limit: pageLimit(MAX_TRANSACTIONS, 200) }, { error: 'expected {limit?}' })
  .strict()
  .default({ limit: 200 })

/**
 * sim_pool [{limit?}]: the pending block as it would be mined now (its first `limit` transactions, default
 * 200, at most 1000, in the order it would mine them, each with its outcome and its pending logs, whose
 * positions are null), then the first `limit` transactions waiting behind a nonce gap (`queued`).
 */
export const sim_pool = defineMethod({
  name: 'sim_pool',
  description: 'The pending block as it would be mined now (each transaction with its outcome and pending logs), then the queued ones.',
  params: [request],
  result: returns<PoolAnswer>(),
  control: true,
  handler: async ([{ limit }], { node, decoder }) => {
    const abi = decoder ?? bundledAbiDecoder()
    const [pending, content] = await Promise.all([node.pendingBlock(), node.poolContent()])
    return {
      number: toQuantity(pending.parent.number + 1n),
      pooled: content.pending.length + content.queued.length,
      transactionCount: pending.transactions.length,
      transactions: pending.transactions.slice(0, limit).map((executed) => ({
        ...formatTransactionSummary(executed.signed, abi),
        ...formatOutcome(executed, abi),
        logs: executed.logs.map((log) => withDecoding(formatPendingLog(log), log, abi)),
      })),
      queuedCount: content.queued.length,
      queued: content.queued.slice(0, limit).map((signed) => formatTransactionSummary(signed, abi)),
    }
  },
})
