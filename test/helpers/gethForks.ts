/** A geth genesis config's fork blocks, every fork up to London at block 0. */
export const LONDON_AT_GENESIS = {
  homesteadBlock: 0,
  eip150Block: 0,
  eip155Block: 0,
  eip158Block: 0,
  byzantiumBlock: 0,
  constantinopleBlock: 0,
  petersburgBlock: 0,
  istanbulBlock: 0,
  berlinBlock: 0,
  londonBlock: 0,
} as const

/** The same, merged at genesis too (`mergeNetsplitBlock`): what a chain with later time-based forks starts from. */
export const MERGED_AT_GENESIS = { ...LONDON_AT_GENESIS, mergeNetsplitBlock: 0 } as const

/** geth's blob schedules: Cancun's, and Prague's (which Osaka keeps). */
export const CANCUN_BLOBS = { target: 3, max: 6, baseFeeUpdateFraction: 3338477 } as const
export const PRAGUE_BLOBS = { target: 6, max: 9, baseFeeUpdateFraction: 5007716 } as const
