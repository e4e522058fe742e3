import { z } from 'zod'
import { stepBase } from '../schemaParts.ts'
import { must } from './replies.ts'
import { defineStep } from './stepKind.ts'

/** `mining`: automine on or off (evm_setAutomine), or interval mining on the scenario clock. */
export const mining = defineStep({
  kind: 'mining',
  schema: z
    .object({
      ...stepBase,
      mining: z
        .union([z.enum(['auto', 'manual']), z.object({ intervalMs: z.number().int().positive() }).strict()])
        .describe('auto (a block per transaction), manual, or {intervalMs} on the scenario clock'),
    })
    .strict()
    .meta({ id: 'miningStep' }),

  async run(step, ctx) {
    await must(ctx.network.call('evm_setAutomine', [step.mining === 'auto']), 'evm_setAutomine')
    // Interval blocks come from the scenario clock (the wait step), never from a timer, so every run is the same.
    ctx.network.interval = typeof step.mining === 'object' ? { ms: step.mining.intervalMs, nextAt: ctx.clock.now() + step.mining.intervalMs } : undefined
    return { failures: [] }
  },

  describe: (step) => `mining ${typeof step.mining === 'string' ? step.mining : `every ${step.mining.intervalMs} ms`}`,
})
