import { z } from 'zod'
import { defineMethod, returns } from '../defineMethod.ts'
import type { ReorgOutcomeAnswer } from '../formatters/reorgOutcome.ts'
import { quantityOrNumber } from '../controlSchemas.ts'
import { formatReorgOutcome } from '../formatters/reorgOutcome.ts'
import { boolean, data, hash32 } from '../schemas.ts'

const MAX_DEPTH = 10_000n

const reorgOptions = z
  .object(
    {
      depth: quantityOrNumber.refine((d) => d >= 1n && d <= MAX_DEPTH, `depth must be 1 to ${MAX_DEPTH}`),
      length: quantityOrNumber.refine((l) => l <= MAX_DEPTH, `length must be at most ${MAX_DEPTH}`).optional(),
      reinclude: z.enum(['all', 'none'], { error: 'reinclude must be "all" or "none"' }).optional(),
      drop: z.array(hash32, { error: 'drop must be an array of transaction hashes' }).optional(),
      add: z.array(data, { error: 'add must be an array of raw signed transactions' }).optional(),
      force: boolean.optional(),
    },
    { error: 'expected reorg options object {depth, length?, reinclude?, drop?, add?, force?}' },
  )
  .strict()

/**
 * sim_reorg [{depth, length?, reinclude?, drop?, add?, force?}]: removes the newest `depth`
 * blocks and mines a replacement branch (default depth + 1 blocks); filters and subscriptions
 * see the removed logs. Refused past `finalized` unless `force`.
 */
export const sim_reorg = defineMethod({
  name: 'sim_reorg',
  description: 'Removes the newest `depth` blocks and mines a replacement branch; filters and subscriptions see the removed logs.',
  params: [reorgOptions],
  result: returns<ReorgOutcomeAnswer>(),
  control: true,
  writes: true,
  faultyArgument: { reorg: 0 },
  handler: async ([options], { node }) => {
    const outcome = await node.reorgs.simReorg({
      depth: Number(options.depth),
      length: options.length === undefined ? undefined : Number(options.length),
      reinclude: options.reinclude,
      drop: options.drop,
      add: options.add,
      force: options.force,
    })
    return formatReorgOutcome(outcome)
  },
})
