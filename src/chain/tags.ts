import type { BlockTag, FinalityDepths } from './types.ts'

/**
 * The block number a tag stands for, given the head. `pending` is head + 1 (the block the
 * pool would make next); `safe` and `finalized` trail the head by fixed depths, clamped at 0.
 */
export function resolveTagNumber(tag: BlockTag, head: bigint, depths: FinalityDepths): bigint {
  switch (tag) {
    case 'latest':
      return head
    case 'earliest':
      return 0n
    case 'pending':
      return head + 1n
    case 'safe':
      return clampAtZero(head - depths.safeDepth)
    case 'finalized':
      return clampAtZero(head - depths.finalizedDepth)
  }
}

function clampAtZero(n: bigint): bigint {
  return n < 0n ? 0n : n
}
