import { profileFileOf } from '../../reorg/profiles/index.ts'
import type { FollowedProfile } from '../../reorg/reorgControl.ts'
import type { FollowedReorgProfile } from '../explorerAnswers.ts'

/** A followed reorg profile as the wire shows it: the file format's fields (depth → weight), and the seed. */
export function formatFollowedProfile(followed: FollowedProfile | undefined): FollowedReorgProfile {
  if (!followed) return null
  const { profile, seed } = followed
  return {
    profile: profileFileOf(profile),
    seed,
  }
}
