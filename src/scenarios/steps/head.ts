import { z } from 'zod'
import { count, stepBase } from '../schemaParts.ts'
import type { ExpectationFailure } from '../errors.ts'
import { defineStep } from './stepKind.ts'

/**
 * `head`: the step's network's head is this block (its number, its hash, or both): what a recording writes after
 * each step that moved the head. Read from the node, not through its RPC, so that faults armed for clients are
 * not spent.
 */
export const head = defineStep({
  kind: 'head',
  schema: z
    .object({
      ...stepBase,
      head: z
        .object({
          number: count.optional().describe("the head block's number"),
          hash: z
            .string()
            .regex(/^0x[0-9a-fA-F]{64}$/, 'expected a block hash, 0x and 64 hex digits')
            .optional()
            .describe("the head block's hash"),
        })
        .strict()
        .refine((h) => h.number !== undefined || h.hash !== undefined, 'give number, hash or both')
        .describe('the head the network must be at'),
    })
    .strict()
    .meta({ id: 'headStep' }),

  async run(step, ctx) {
    const { head: at } = ctx.network.node
    const failures: ExpectationFailure[] = []
    const actual = { number: Number(at.number), hash: at.hashKey }
    if (step.head.number !== undefined && BigInt(step.head.number) !== at.number) {
      failures.push({ message: `the head is block ${at.number}, expected block ${step.head.number}`, expected: step.head, actual })
    }
    if (step.head.hash !== undefined && step.head.hash.toLowerCase() !== at.hashKey) {
      failures.push({ message: `the head block ${at.number} is ${at.hashKey}, expected ${step.head.hash}`, expected: step.head, actual })
    }
    return { failures }
  },

  describe: (step) => `head at ${step.head.number === undefined ? step.head.hash : `block ${step.head.number}`}`,
})
