import type { ReorgProfile } from './reorgProfile.ts'

/**
 * OP Stack chains (OP Mainnet, Base): one sequencer orders the unsafe head, so reorgs are rare; when they
 * happen they are either single blocks of the unsafe chain during a sequencer incident, or runs of blocks whose
 * batch did not land on L1 as derived.
 *
 * - OP Labs' reorg runbook: reorgs under 5 blocks are not expected; 5–60 blocks happen if L1 reorgs past the
 *   sequencer's confirmation depth, rarely; 60+ only in very poor L1 conditions or after failing to submit
 *   batches for long; the transactions of reverted unsafe blocks "may still be replayed, but only after first
 *   processing deposits" (so re-included, in another order).
 * - Incident: on 15 February 2024 node operators saw single-block reorgs of OP Mainnet's unsafe chain during
 *   an unsafe-head stall (Blockworks).
 * - Rate: chainsim's estimate of "rare" (one reorg in 100,000 blocks, about every two days at 2-second blocks).
 */
export const optimism: ReorgProfile = {
  name: 'optimism',
  description: 'OP Stack (OP Mainnet, Base): rare reorgs of the unsafe head, single blocks or runs of 5–60',
  probability: 0.00001,
  depths: [
    { depth: 1, weight: 0.4 },
    { depth: 5, weight: 0.25 },
    { depth: 12, weight: 0.2 },
    { depth: 30, weight: 0.1 },
    { depth: 60, weight: 0.05 },
  ],
  transactions: { reinclude: 0.95, drop: 0, reorder: true },
  sources: [
    'https://oplabs.notion.site/RB-000-Reorg-Playbook-4c7b0858e8504171b7df220aeb275f93',
    'https://blockworks.co/news/optimism-outage-instabilities',
    'https://docs.optimism.io/stack/rollup/overview',
  ],
}
