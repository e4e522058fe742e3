import { z } from 'zod'
import { resolveReorgProfile } from '../../reorg/profiles/index.ts'
import { defineMethod, returns } from '../defineMethod.ts'
import type { FollowedReorgProfile } from '../explorerAnswers.ts'
import { formatFollowedProfile } from '../formatters/reorgProfile.ts'

const profileChoice = z
  .object(
    {
      profile: z.union([z.string().min(1), z.record(z.string(), z.unknown())], { error: 'profile must be a profile name or a profile object' }),
      seed: z.number({ error: 'seed must be a whole number' }).int('seed must be a whole number').optional(),
    },
    { error: 'expected {profile, seed?}, or null to follow none' },
  )
  .strict()
  .nullable()

/**
 * sim_reorgProfile [] answers the reorg profile the network follows ({profile, seed}, or null);
 * sim_reorgProfile [{profile, seed?}] follows one from the next mined block on (a built-in name: ethereum,
 * polygon, optimism, arbitrum, bsc, none; or a profile object of the file format), its draws starting from
 * `seed` (default 1); sim_reorgProfile [null] follows none. Answers what it follows then. Files are named in the
 * config and on the command line only: a client cannot make the node read one.
 * @example {"method":"sim_reorgProfile","params":[{"profile":"polygon","seed":7}]}
 */
export const sim_reorgProfile = defineMethod({
  name: 'sim_reorgProfile',
  description: 'The reorg profile the network follows; `[{profile, seed?}]` follows one from the next block on, `[null]` none.',
  params: [profileChoice.optional()],
  result: returns<FollowedReorgProfile>(),
  control: true,
  writes: true,
  // sim_reorgProfile [] only reads.
  recorded: { as: 'sent', when: (params) => params.length > 0 },
  faultyArgument: { reorgProfile: 0 },
  handler: async ([choice], { node }) => {
    if (choice !== undefined) {
      await node.reorgs.setProfile(choice === null ? undefined : { profile: resolveReorgProfile(choice.profile), seed: choice.seed ?? 1 })
    }
    return formatFollowedProfile(node.reorgs.profile)
  },
})
