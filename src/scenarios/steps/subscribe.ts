import { z } from 'zod'
import { callExpectation, identifier, logCriteria, stepBase } from '../schemaParts.ts'
import { expectReply } from './replies.ts'
import { criteria } from './requests.ts'
import { defineStep } from './stepKind.ts'

/** `subscribe`: eth_subscribe on the network's in-process WebSocket connection; `changes: $name` reads it. */
export const subscribe = defineStep({
  kind: 'subscribe',
  schema: z
    .object({
      ...stepBase,
      as: identifier.describe('the subscription\'s name, for `changes` and $name (its id)'),
      subscribe: z
        .union([z.enum(['newHeads', 'newPendingTransactions']), logCriteria.omit({ fromBlock: true, toBlock: true })])
        .describe('eth_subscribe: log criteria, `newHeads` or `newPendingTransactions`'),
      expect: callExpectation.optional(),
    })
    .strict()
    .meta({ id: 'subscribeStep' }),

  async run(step, ctx) {
    const params = typeof step.subscribe === 'string' ? [step.subscribe] : ['logs', criteria(step.subscribe, ctx)]
    const reply = await ctx.network.call('eth_subscribe', params, 'ws')
    const outcome = expectReply(reply, step.expect, ctx)
    if (reply.ok) ctx.watchers.set(step.as, { kind: 'subscription', id: reply.result as string, network: ctx.network })
    return outcome
  },

  describe: (step) => `subscribe ${step.as}`,
})
