import { z } from 'zod'
import { resolveReorgProfile } from '../../reorg/profiles/index.ts'
import { ReorgProfileError } from '../../reorg/errors.ts'
import { stepBase } from '../schemaParts.ts'
import { must } from './replies.ts'
import { defineStep } from './stepKind.ts'

/**
 * `reorgProfile`: the step's network reorganizes by itself from the next mined block on, as the profile says
 * (sim_reorgProfile): a built-in name (ethereum, polygon, optimism, arbitrum, bsc; `none` stops it) or a profile
 * object of the file format, drawn from `seed` (default 1). A profile file is named in the network's `reorgs`.
 */
export const reorgProfile = defineStep({
  kind: 'reorgProfile',
  schema: z
    .object({
      ...stepBase,
      reorgProfile: z
        .object({
          profile: z.union([z.string().min(1), z.record(z.string(), z.unknown())]).describe('a built-in profile name, or a profile object'),
          seed: z.number().int().optional().describe('seeds the draws (default 1)'),
        })
        .strict()
        .describe('the reorgs the network makes by itself from now on (sim_reorgProfile)'),
    })
    .strict()
    .meta({ id: 'reorgProfileStep' }),

  check({ reorgProfile: { profile } }, c) {
    try {
      resolveReorgProfile(profile)
    } catch (error) {
      if (!(error instanceof ReorgProfileError)) throw error
      c.report(['reorgProfile', 'profile'], error.message)
    }
  },

  async run({ reorgProfile: choice }, ctx) {
    await must(ctx.network.call('sim_reorgProfile', [choice]), 'sim_reorgProfile')
    return { failures: [] }
  },

  describe: ({ reorgProfile: { profile } }) => `reorg profile ${typeof profile === 'string' ? profile : String(profile.name ?? 'custom')}`,
})
