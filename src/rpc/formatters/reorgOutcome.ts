import type { ReorgOutcome } from '../../reorg/reorgEngine.ts'
import { toQuantity } from './hex.ts'

/** sim_reorg's answer: the common ancestor, both branches' hashes, and log counts (hex). */
export function formatReorgOutcome(outcome: ReorgOutcome): Record<string, unknown> {
  return {
    commonAncestor: { number: toQuantity(outcome.commonAncestor.number), hash: outcome.commonAncestor.hashKey },
    removedBlocks: outcome.removed.map((b) => b.hashKey),
    addedBlocks: outcome.added.map((b) => b.hashKey),
    removedLogs: toQuantity(outcome.removedLogs),
    addedLogs: toQuantity(outcome.addedLogs),
  }
}
