import type { ReorgProfile } from './reorgProfile.ts'

/**
 * BNB Smart Chain: Parlia proof of staked authority, one scheduled validator a slot, and since the Plato upgrade
 * (August 2023) fast finality (BEP-126): a block is final by block n + 2, so reorgs are one block deep, seldom two.
 *
 * - Depth: "a reorg runs one or two blocks deep at most, because finalized blocks cannot be reverted under PoSA"
 *   (therpc BSC docs); fast finality: BNB Chain docs and BEP-126.
 * - Rate and transaction shares: chainsim's estimate (a late block of an out-of-turn validator now and then:
 *   one in 1,000 blocks); set finality.finalizedDepth to 2 to hold the chain to BSC's finality as well.
 */
export const bsc: ReorgProfile = {
  name: 'bsc',
  description: 'BNB Smart Chain with fast finality: one-block reorgs now and then, two-block ones seldom',
  probability: 0.001,
  depths: [
    { depth: 1, weight: 0.9 },
    { depth: 2, weight: 0.1 },
  ],
  transactions: { reinclude: 0.95, drop: 0.01, reorder: true },
  sources: [
    'https://github.com/bnb-chain/BEPs/blob/master/BEPs/BEP126.md',
    'https://docs.bnbchain.org/bnb-smart-chain/developers/json_rpc/bsc-api-list/',
    'https://therpc.io/docs/bsc/chain-reorganization',
  ],
}
