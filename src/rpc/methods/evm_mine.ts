import type { Hex } from 'viem'
import { z } from 'zod'
import { defineMethod, returns } from '../defineMethod.ts'
import { quantityOrNumber, uint64OrNumber } from '../controlSchemas.ts'
import { MAX_BLOCKS_PER_MINE } from './anvil_mine.ts'

/**
 * Anvil's options form, `{timestamp?, blocks?}`: `blocks` blocks (default 1), the first at `timestamp`. Anvil
 * itself wants the `timestamp` key, null when there is none (`{timestamp: null, blocks: 2}`), so null is taken.
 */
const mineOptions = z
  .object({ timestamp: uint64OrNumber.nullish().transform((t) => t ?? undefined), blocks: quantityOrNumber.optional() })
  .strict()
  .refine((options) => options.blocks === undefined || (options.blocks >= 1n && options.blocks <= MAX_BLOCKS_PER_MINE), {
    path: ['blocks'],
    message: `blocks must be between 1 and ${MAX_BLOCKS_PER_MINE}`,
  })

export const timestampOrOptions = z
  .unknown()
  .transform((input, ctx): { timestamp?: bigint; blocks?: bigint } => {
    const parsed = typeof input === 'object' && input !== null ? mineOptions.safeParse(input) : uint64OrNumber.safeParse(input)
    if (parsed.success) return typeof parsed.data === 'bigint' ? { timestamp: parsed.data } : parsed.data
    const issue = parsed.error.issues[0]
    ctx.addIssue(issue ? `${issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''}${issue.message}` : 'expected a timestamp or {timestamp, blocks}')
    return z.NEVER
  })
  .describe('Quantity | number | {timestamp?, blocks?}') as unknown as z.ZodType<
  { timestamp?: bigint; blocks?: bigint },
  Hex | number | { timestamp?: Hex | number | null; blocks?: Hex | number }
>

/**
 * evm_mine [timestamp | {timestamp?, blocks?}]: mines one block (at `timestamp` when given), or Anvil's
 * options form; returns "0x0" as Ganache and Anvil.
 */
export const evm_mine = defineMethod({
  name: 'evm_mine',
  description: 'Mines one block (at `timestamp` when given), or Anvil\'s `{timestamp?, blocks?}`; "0x0".',
  params: [timestampOrOptions.optional()],
  result: returns<'0x0'>(),
  writes: true,
  control: true,
  faultyArgument: { timestampNotAfterHead: 0 },
  handler: async ([options], { node }) => {
    await node.mine(Number(options?.blocks ?? 1n), { timestamp: options?.timestamp })
    return '0x0' as const
  },
})
