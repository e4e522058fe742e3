import { hexToBytes } from '../evm/index.ts'
import type { UpstreamRules } from '../evm/index.ts'

/**
 * What an upstream's eth_config answer (EIP-7910, as the fork record keeps it) says of the rules at the fork
 * block: its `current` rules when they were already active at `forkTimestamp`, else nothing (the fork block is
 * older than the upstream's newest fork, so the header's fields decide). An answer of another shape says nothing.
 */
export function upstreamRulesOf(answer: unknown, forkTimestamp: bigint): UpstreamRules | undefined {
  if (!isObject(answer) || !isObject(answer.current)) return undefined
  const { activationTime, precompiles, blobSchedule } = answer.current
  if (typeof activationTime !== 'number' || BigInt(activationTime) > forkTimestamp || !isObject(precompiles)) return undefined
  const addresses = Object.values(precompiles).filter((address): address is string => typeof address === 'string' && /^0x[0-9a-fA-F]{40}$/.test(address))
  const max = isObject(blobSchedule) && typeof blobSchedule.max === 'number' ? BigInt(blobSchedule.max) : undefined
  return { precompiles: addresses.map((address) => hexToBytes(address as `0x${string}`)), ...(max !== undefined ? { maxBlobs: max } : {}) }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
