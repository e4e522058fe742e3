import { z } from 'zod'
import { count, stepBase } from '../schemaParts.ts'
import { must } from './replies.ts'
import { defineStep } from './stepKind.ts'

/** `mine`: anvil_mine, N blocks (optionally `interval` seconds apart). */
export const mine = defineStep({
  kind: 'mine',
  schema: z
    .object({
      ...stepBase,
      mine: z
        .union([count, z.object({ blocks: count.optional(), interval: count.optional().describe('seconds between blocks') }).strict()])
        .describe('mines N blocks from the pool (anvil_mine)'),
    })
    .strict()
    .meta({ id: 'mineStep' }),

  async run(step, ctx) {
    const blocks = typeof step.mine === 'number' ? step.mine : (step.mine.blocks ?? 1)
    const interval = typeof step.mine === 'number' ? undefined : step.mine.interval
    await must(ctx.network.call('anvil_mine', interval === undefined ? [blocks] : [blocks, interval]), 'anvil_mine')
    return { failures: [] }
  },

  describe: (step) => `mine ${typeof step.mine === 'number' ? step.mine : (step.mine.blocks ?? 1)}`,
})
