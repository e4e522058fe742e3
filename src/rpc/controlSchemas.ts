import { z } from 'zod'
import { quantity } from './schemas.ts'

/** Anvil and Hardhat take counts and times as hex quantities or plain JSON numbers. */
export const quantityOrNumber = z.union([quantity, z.number().int().nonnegative().transform(BigInt)], {
  error: 'expected 0x-prefixed hex number or non-negative integer',
})
