import type { Hex } from 'viem'
import { z } from 'zod'
import { quantity, uint64 } from './schemas.ts'

/** Anvil and Hardhat take counts and times as hex quantities or plain JSON numbers. */
export const quantityOrNumber = z.union([quantity, z.number().int().nonnegative().transform(BigInt)], {
  error: 'expected 0x-prefixed hex number or non-negative integer',
})

const safeInteger = z
  .number()
  .int('expected 0x-prefixed hex number or non-negative integer')
  .nonnegative('expected 0x-prefixed hex number or non-negative integer')
  .transform(BigInt)

/**
 * A timestamp, a number of seconds or milliseconds: a hex quantity below 2^64 (a block timestamp is a
 * uint64) or a non-negative JSON integer. The branch is picked by JSON type, so its own message is kept.
 */
export const uint64OrNumber: z.ZodType<bigint, Hex | number> = z.unknown().transform((input, ctx): bigint => {
  if (typeof input !== 'string' && typeof input !== 'number') {
    ctx.addIssue('expected 0x-prefixed hex number or non-negative integer')
    return z.NEVER
  }
  const parsed = typeof input === 'number' ? safeInteger.safeParse(input) : uint64.safeParse(input)
  if (parsed.success) return parsed.data
  ctx.addIssue(parsed.error.issues[0]?.message ?? 'expected 0x-prefixed hex number or non-negative integer')
  return z.NEVER
}) as unknown as z.ZodType<bigint, Hex | number>
