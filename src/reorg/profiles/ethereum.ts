import type { ReorgProfile } from './reorgProfile.ts'

/**
 * Ethereum mainnet since the merge: a block is reorged out when it arrives too late for the attesters of its
 * slot, and the next proposer builds on its parent, so reorgs are one block deep, very rarely two.
 *
 * - Rate: 0.1121% of slots after the Pectra upgrade (0.1224% before), measured on the ethPandaOps Xatu data
 *   from January to August 2025 (Decipher Research, "Post-Pectra Effects on Ethereum").
 * - Depth: of the 1,410 reorgs from the merge to mid-2023, 1,406 were one block deep and 4 two blocks deep
 *   (Toni Wahrstätter, "The Second-Slot Itch"; the data is that of reorg.pics).
 * - Transactions: the next proposer's builder fills its block from the same public mempool, in its own order,
 *   so nearly every orphaned transaction is mined again at once; a few (bundles aimed at the lost slot, private
 *   order flow) are not. These shares are chainsim's estimate: no tracker publishes them.
 */
export const ethereum: ReorgProfile = {
  name: 'ethereum',
  description: 'Ethereum mainnet after the merge: one-block reorgs at about 0.11% of blocks, two-block ones rarely',
  probability: 0.001121,
  depths: [
    { depth: 1, weight: 1406 },
    { depth: 2, weight: 4 },
  ],
  transactions: { reinclude: 0.95, drop: 0.02, reorder: true },
  sources: [
    'https://ethresear.ch/t/post-pectra-effects-on-ethereum-reorg-rate-propagation-and-block-size/23018',
    'https://ethresear.ch/t/the-second-slot-itch-statistical-analysis-of-reorgs/16333',
    'https://reorg.pics',
  ],
}
