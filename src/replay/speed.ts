import { z } from 'zod'
import { MAX_SPEED_FACTOR } from './pace.ts'

/** How fast a replay mines the upstream's blocks, as the config, the command line and sim_replay take it. */
export const replaySpeed = z.union([z.literal('fast'), z.literal('realtime'), z.number().positive().max(MAX_SPEED_FACTOR)], {
  error: `expected "fast", "realtime" or a number of times real time (above 0, at most ${MAX_SPEED_FACTOR})`,
})
