import type { ReorgProfile } from './reorgProfile.ts'

/**
 * Arbitrum One and Nova: the sequencer's soft confirmations are not reorganized by the chain itself; once a
 * batch is posted, "the only thing that can reorganize an Arbitrum chain is a reorg of its parent chain", and only
 * for batches the parent has not finalized. Such a reorg rewinds to the common ancestor and re-derives: the same
 * messages may be sequenced again, but hashes, numbers and ordering after it can all differ.
 *
 * - Source: Arbitrum docs, "Finality and chain reorganizations" (the reorg model, how deep a reorg can go).
 * - Rate: an Ethereum reorg (about 0.11% of slots) that also changes a batch's inclusion: chainsim's estimate
 *   is one in a million child-chain blocks (0.25-second blocks: about every three days). Depths are runs of
 *   child-chain blocks of one batch's worth.
 */
export const arbitrum: ReorgProfile = {
  name: 'arbitrum',
  description: 'Arbitrum: no reorgs of its own; very rarely a parent-chain reorg re-derives a run of blocks',
  probability: 0.000001,
  depths: [
    { depth: 1, weight: 0.3 },
    { depth: 4, weight: 0.3 },
    { depth: 16, weight: 0.25 },
    { depth: 48, weight: 0.15 },
  ],
  transactions: { reinclude: 0.98, drop: 0, reorder: true },
  sources: ['https://docs.arbitrum.io/how-arbitrum-works/reference/finality-and-reorgs', 'https://docs.arbitrum.io/how-arbitrum-works/deep-dives/sequencer'],
}
