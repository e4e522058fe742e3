import type { Hash, Quantity } from 'viem'
import type { ReorgOutcome } from '../../reorg/reorgEngine.ts'
import { hashOfKey, toQuantity } from './hex.ts'

/** sim_reorg's answer. */
export interface ReorgOutcomeAnswer {
  commonAncestor: { number: Quantity; hash: Hash }
  removedBlocks: Hash[]
  addedBlocks: Hash[]
  removedLogs: Quantity
  addedLogs: Quantity
}

/** sim_reorg's answer: the common ancestor, both branches' hashes, and log counts (hex). */
export function formatReorgOutcome(outcome: ReorgOutcome): ReorgOutcomeAnswer {
  return {
    commonAncestor: { number: toQuantity(outcome.commonAncestor.number), hash: hashOfKey(outcome.commonAncestor.hashKey) },
    removedBlocks: outcome.removed.map((b) => hashOfKey(b.hashKey)),
    addedBlocks: outcome.added.map((b) => hashOfKey(b.hashKey)),
    removedLogs: toQuantity(outcome.removedLogs),
    addedLogs: toQuantity(outcome.addedLogs),
  }
}
