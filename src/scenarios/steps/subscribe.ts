import { z } from 'zod'
import { callExpectation, identifier, logCriteria, stepBase } from '../schemaParts.ts'
import { checkWatcherName } from './checks.ts'
import { expectReply } from './replies.ts'
import { criteria } from './requests.ts'
import { defineStep } from './stepKind.ts'

const fullPendingTransactions = z
  .object({ newPendingTransactions: z.object({ full: z.boolean().describe('whole transactions instead of hashes') }).strict() })
  .strict()

/** `subscribe`: eth_subscribe on the network's in-process WebSocket connection; `changes: $name` reads it. */
export const subscribe = defineStep({
  kind: 'subscribe',
  schema: z
    .object({
      ...stepBase,
      as: identifier.optional().describe("the subscription's name, for `changes` and $name (its id); only one expected to fail goes without"),
      subscribe: z
        .union([z.enum(['newHeads', 'newPendingTransactions']), logCriteria.omit({ fromBlock: true, toBlock: true, blockHash: true }), fullPendingTransactions])
        .describe('eth_subscribe: log criteria, `newHeads`, `newPendingTransactions` (hashes) or {newPendingTransactions: {full: true}}'),
      expect: callExpectation.optional(),
    })
    .strict()
    .meta({ id: 'subscribeStep' }),

  check: (step, c) => checkWatcherName('subscribe', step, c),

  async run(step, ctx) {
    const { subscribe: spec } = step
    const params =
      typeof spec === 'string'
        ? [spec]
        : 'newPendingTransactions' in spec
          ? ['newPendingTransactions', spec.newPendingTransactions.full]
          : ['logs', criteria(spec, ctx)]
    const reply = await ctx.network.call('eth_subscribe', params, 'ws')
    const outcome = expectReply(reply, step.expect, ctx)
    if (reply.ok && step.as !== undefined) ctx.watchers.set(step.as, { kind: 'subscription', id: reply.result as string, network: ctx.network })
    return outcome
  },

  describe: (step) =>
    `subscribe ${step.as ?? (typeof step.subscribe === 'string' ? step.subscribe : 'newPendingTransactions' in step.subscribe ? 'newPendingTransactions' : 'logs')}`,
})
