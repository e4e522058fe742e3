import { z } from 'zod'

/**
 * How a network's chain reorganizes by itself: after each mined block a reorg happens with `probability`, its
 * depth drawn from `depths`, and each transaction of the removed blocks is re-included in the new branch, sent
 * back to the pool, or dropped, as `transactions` says. Built-in profiles (one module each in this folder) cite
 * where their figures come from; a custom one is a file of this shape (`profileFile`).
 */
export interface ReorgProfile {
  name: string
  description: string
  /** The chance of a reorg after each mined block, 0 to 1. */
  probability: number
  /** Depths and their weights (the chance of a depth is its weight over the sum). */
  depths: ReadonlyArray<{ depth: number; weight: number }>
  transactions: {
    /** The share of orphaned transactions mined again in the new branch. */
    reinclude: number
    /** The share dropped for good; the rest go back to the pool and wait for a later block. */
    drop: number
    /** Whether the new branch orders the re-included transactions afresh (each sender's still in nonce order). */
    reorder: boolean
  }
  /** Where the figures come from (reorg trackers, client docs, incident reports). */
  sources: readonly string[]
}

/** The deepest reorg a profile may draw: deeper ones are what sim_reorg is for. */
export const MAX_PROFILE_DEPTH = 1_000

const share = z.number().min(0).max(1)

/**
 * A custom profile, as a file (YAML or JSON), a config's `reorgs.profile` object or sim_reorgProfile's `profile`:
 * `depths` maps each depth to its weight.
 */
export const profileFile = z
  .object({
    name: z.string().min(1),
    description: z.string().optional(),
    probability: share.describe('the chance of a reorg after each mined block'),
    depths: z
      .record(z.string().regex(/^[1-9]\d*$/, 'a depth is a whole number of blocks, at least 1'), z.number().positive('a weight is above 0'))
      .refine((depths) => Object.keys(depths).length > 0, 'give at least one depth')
      .refine((depths) => Object.keys(depths).every((d) => Number(d) <= MAX_PROFILE_DEPTH), `a depth is at most ${MAX_PROFILE_DEPTH}`)
      .describe('depth → weight: {1: 0.9, 2: 0.1}'),
    transactions: z
      .object({
        reinclude: share.default(1),
        drop: share.default(0),
        reorder: z.boolean().default(false),
      })
      .strict()
      .refine((t) => t.reinclude + t.drop <= 1 + 1e-9, { message: 'reinclude + drop is at most 1 (the rest go back to the pool)' })
      .prefault({}),
    sources: z.array(z.string()).default([]),
  })
  .strict()

/** A parsed custom profile as chainsim draws from it. */
export function profileOf(parsed: z.output<typeof profileFile>): ReorgProfile {
  return {
    name: parsed.name,
    description: parsed.description ?? 'a custom profile',
    probability: parsed.probability,
    depths: Object.entries(parsed.depths)
      .map(([depth, weight]) => ({ depth: Number(depth), weight }))
      .sort((a, b) => a.depth - b.depth),
    transactions: parsed.transactions,
    sources: parsed.sources,
  }
}

/** A profile in the file format again (depth → weight): what sim_reorgProfile answers and a recording writes. */
export function profileFileOf(profile: ReorgProfile) {
  return {
    name: profile.name,
    description: profile.description,
    probability: profile.probability,
    depths: Object.fromEntries(profile.depths.map(({ depth, weight }) => [String(depth), weight])),
    transactions: { ...profile.transactions },
    sources: [...profile.sources],
  }
}
