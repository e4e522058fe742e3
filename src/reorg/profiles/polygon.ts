import type { ReorgProfile } from './reorgProfile.ts'

/**
 * Polygon PoS as indexers met it in 2022–2023: Bor block producers take turns by sprints of blocks, and a
 * producer that misses its predecessor's sprint reorganizes up to a sprint or two deep; shallow reorgs came many
 * times a day, double-digit ones daily.
 *
 * - Depths: "32-depth reorgs (1 min tx reversals) can happen as easily as 1-depth reorgs" with sprints of 16
 *   blocks, daily double-digit reorgs on Polygonscan's forked-blocks page (mplankton, "Polygon's block reorg
 *   problem", January 2023; the Delhi hard fork cut the sprint from 64 to 16 blocks to shorten them).
 * - The tail: a 157-block reorg on 22 February 2023 (reported by Rivet and OpenRelay; CoinDesk, Decrypt) is left
 *   out: it is past the default `finalized` depth (64), which a profile never crosses.
 * - Since then: the Aalborg upgrade's milestones (PIP-11, October 2023) and Heimdall v2 (July 2025, ~5 s
 *   finality) bound reorgs much tighter; for today's chain, set finality.finalizedDepth to a few blocks and the
 *   deep reorgs of this profile are capped there.
 * - Rate and transaction shares are chainsim's estimate from these reports (about 170 reorgs a day at 2-second
 *   blocks); no tracker publishes a rate per block.
 */
export const polygon: ReorgProfile = {
  name: 'polygon',
  description: 'Polygon PoS in 2022–2023: frequent shallow reorgs, sprint-deep ones (16 and 32 blocks) daily',
  probability: 0.004,
  depths: [
    { depth: 1, weight: 0.55 },
    { depth: 2, weight: 0.2 },
    { depth: 3, weight: 0.08 },
    { depth: 4, weight: 0.05 },
    { depth: 8, weight: 0.05 },
    { depth: 16, weight: 0.05 },
    { depth: 32, weight: 0.02 },
  ],
  transactions: { reinclude: 0.8, drop: 0.05, reorder: true },
  sources: [
    'https://mplankton.substack.com/p/polygons-block-reorg-problem',
    'https://polygon.technology/blog/reorgs-demystified-insights-from-monitoring-with-a-sensor-network',
    'https://polygon.technology/blog/faster-finality-with-the-aalborg-upgrade-for-polygon-proof-of-stake-network',
    'https://unchainedcrypto.com/polygon-block-explorer-issues-sparks-outage-fears',
    'https://polygonscan.com/blocks_forked',
  ],
}
