import type { BlockTag, FinalityDepths } from './types.ts'

/**
 * The block number a tag stands for, given the head. `pending` is head + 1 (the block the
 * pool would make next); `safe` and `finalized` trail the head by fixed depths, clamped at 0
 * and raised to their floors (an imported chain's finalized blocks).
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
      return atLeast(clampAtZero(head - depths.safeDepth), depths.safeAtLeast, head)
    case 'finalized':
      return atLeast(clampAtZero(head - depths.finalizedDepth), depths.finalizedAtLeast, head)
  }
}

/** `n` raised to `floor` when there is one, never past the head. */
function atLeast(n: bigint, floor: bigint | undefined, head: bigint): bigint {
  if (floor === undefined || floor <= n) return n
  return floor < head ? floor : head
}

function clampAtZero(n: bigint): bigint {
  return n < 0n ? 0n : n
}
