import { z } from 'zod'
import { stepBase } from '../schemaParts.ts'
import { defineStep } from './stepKind.ts'

/**
 * `timestamps`: the next blocks the step's network seals (mined, or a reorg's new branch) get exactly these
 * timestamps, in order, whatever its clock says: what a recording (`serve --record`) writes before each step that
 * made blocks, so that playing it again gives the served chain's hashes.
 */
export const timestamps = defineStep({
  kind: 'timestamps',
  schema: z
    .object({
      ...stepBase,
      timestamps: z.array(z.number().int().nonnegative()).min(1).describe('the timestamps (seconds) of the next blocks sealed, in order'),
    })
    .strict()
    .meta({ id: 'timestampsStep' }),

  async run(step, ctx) {
    await ctx.network.node.settings.pinBlockTimestamps(step.timestamps.map(BigInt))
    return { failures: [] }
  },

  describe: (step) => `timestamps of the next ${step.timestamps.length === 1 ? 'block' : `${step.timestamps.length} blocks`}`,
})
