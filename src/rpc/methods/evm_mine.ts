import { z } from 'zod'
import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { quantityOrNumber, uint64OrNumber } from '../controlSchemas.ts'
import { MAX_BLOCKS_PER_MINE } from './anvil_mine.ts'

/** Anvil's options form, `{timestamp?, blocks?}`: `blocks` blocks (default 1), the first at `timestamp`. */
const mineOptions = z
  .object({ timestamp: uint64OrNumber.optional(), blocks: quantityOrNumber.optional() })
  .strict()
  .refine((options) => options.blocks === undefined || (options.blocks >= 1n && options.blocks <= MAX_BLOCKS_PER_MINE), {
    path: ['blocks'],
    message: `blocks must be between 1 and ${MAX_BLOCKS_PER_MINE}`,
  })

const timestampOrOptions = z.unknown().transform((input, ctx): { timestamp?: bigint; blocks?: bigint } => {
  const parsed = typeof input === 'object' && input !== null ? mineOptions.safeParse(input) : uint64OrNumber.safeParse(input)
  if (parsed.success) return typeof parsed.data === 'bigint' ? { timestamp: parsed.data } : parsed.data
  const issue = parsed.error.issues[0]
  ctx.addIssue(issue ? `${issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''}${issue.message}` : 'expected a timestamp or {timestamp, blocks}')
  return z.NEVER
})

/**
 * evm_mine [timestamp | {timestamp?, blocks?}]: mines one block (at `timestamp` when given), or Anvil's
 * options form; returns "0x0" as Ganache and Anvil.
 */
export const evm_mine: MethodHandler = withParams([timestampOrOptions.optional()], async ([options], { node }) => {
  await node.mine(Number(options?.blocks ?? 1n), { timestamp: options?.timestamp })
  return '0x0'
})
