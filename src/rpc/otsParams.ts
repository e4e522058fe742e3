import type { Hex } from 'viem'
import { z } from 'zod'
import type { BlockSelector, BlockTag } from '../chain/types.ts'
import { blockTag, blockTagOrHash } from './schemas.ts'
import type { BlockSelectorOrHash, WireBlockReference } from './schemas.ts'

/**
 * Otterscan's numeric parameters: JSON numbers, as its client sends them and Anvil reads them (u64); a block
 * number may also come as a tag or a hex number, as Anvil's BlockNumberOrTag allows.
 */
export const jsonCount = z
  .number({ error: 'expected a non-negative integer' })
  .int({ error: 'expected a non-negative integer' })
  .nonnegative({ error: 'expected a non-negative integer' })
  .max(Number.MAX_SAFE_INTEGER, { error: 'expected a non-negative integer' })

/** A page size: at least one transaction. */
export const pageSize = jsonCount.min(1, { error: 'expected a page size of at least 1' })

/** A block number as a JSON number, a hex number or a tag. */
export const blockNumberOrTag = z.union([jsonCount.transform((n) => BigInt(n)), blockTag], {
  error: 'expected block number, 0x-prefixed block number or block tag',
}) as z.ZodType<BlockSelector, number | BlockTag | Hex>

/** A nonce as a JSON number or a 0x hex number (Anvil reads a U256). */
export const nonceParam = z.union(
  [
    jsonCount.transform((n) => BigInt(n)),
    z
      .string()
      .regex(/^0x(0|[1-9a-fA-F][0-9a-fA-F]*)$/)
      .transform((s) => BigInt(s)),
  ],
  {
    error: 'expected nonce as a number or 0x-prefixed hex number',
  },
) as z.ZodType<bigint, number | Hex>

/** A block reference (a tag, a hex number, a hash, EIP-1898) or a JSON number, as Otterscan may send ots_hasCode's. */
export const blockReferenceOrNumber = z.union([jsonCount.transform((n) => BigInt(n)), blockTagOrHash], {
  error: 'expected block number, block tag or block hash',
}) as z.ZodType<BlockSelectorOrHash, number | WireBlockReference>
