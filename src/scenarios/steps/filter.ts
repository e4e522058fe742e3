import { z } from 'zod'
import { callExpectation, identifier, logCriteria, stepBase } from '../schemaParts.ts'
import { checkWatcherName } from './checks.ts'
import { expectReply } from './replies.ts'
import { criteria } from './requests.ts'
import { defineStep } from './stepKind.ts'

/** `filter`: installs a log, block or pending-transaction filter; `changes: $name` polls it. */
export const filter = defineStep({
  kind: 'filter',
  schema: z
    .object({
      ...stepBase,
      as: identifier.optional().describe("the filter's name, for `changes` and $name (its id); only a filter expected to fail goes without"),
      filter: z
        .union([z.enum(['blocks', 'pendingTransactions']), logCriteria])
        .describe('installs a filter: log criteria (a range, or one blockHash), `blocks` or `pendingTransactions`'),
      expect: callExpectation.optional(),
    })
    .strict()
    .meta({ id: 'filterStep' }),

  check: (step, c) => checkWatcherName('filter', step, c),

  async run(step, ctx) {
    const reply =
      step.filter === 'blocks'
        ? await ctx.network.call('eth_newBlockFilter')
        : step.filter === 'pendingTransactions'
          ? await ctx.network.call('eth_newPendingTransactionFilter')
          : await ctx.network.call('eth_newFilter', [criteria(step.filter, ctx)])
    const outcome = expectReply(reply, step.expect, ctx)
    if (reply.ok && step.as !== undefined) ctx.watchers.set(step.as, { kind: 'filter', id: reply.result as string, network: ctx.network })
    return outcome
  },

  describe: (step) => `filter ${step.as ?? (typeof step.filter === 'string' ? step.filter : 'logs')}`,
})
