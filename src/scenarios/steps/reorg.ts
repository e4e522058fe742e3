import { z } from 'zod'
import { binds, callExpectation, count, stepBase } from '../schemaParts.ts'
import { resolveText } from '../values.ts'
import { expectReply } from './replies.ts'
import { compact } from './requests.ts'
import { defineStep } from './stepKind.ts'

/** `reorg`: sim_reorg with every option; binds its answer. */
export const reorg = defineStep({
  kind: 'reorg',
  schema: z
    .object({
      ...stepBase,
      ...binds,
      reorg: z
        .object({
          depth: z.number().int().min(1),
          length: count.optional().describe('blocks in the new branch (default depth + 1)'),
          reinclude: z.enum(['all', 'none']).optional(),
          drop: z.array(z.string()).optional().describe('transaction hashes ($name) to discard'),
          add: z.array(z.string()).optional().describe('raw signed transactions ($name.raw) for the first new block'),
          force: z.boolean().optional(),
        })
        .strict()
        .describe('sim_reorg; binds its answer'),
      expect: callExpectation.optional(),
    })
    .strict()
    .meta({ id: 'reorgStep' }),

  async run(step, ctx) {
    const { reorg: spec } = step
    const options = compact({
      depth: spec.depth,
      length: spec.length,
      reinclude: spec.reinclude,
      drop: spec.drop?.map((hash, i) => resolveText(hash, ctx.bindings, `drop.${i}`)),
      add: spec.add?.map((raw, i) => resolveText(raw, ctx.bindings, `add.${i}`)),
      force: spec.force,
    })
    return expectReply(await ctx.network.call('sim_reorg', [options]), step.expect, ctx)
  },

  describe: (step) => `reorg depth ${step.reorg.depth}`,
})
