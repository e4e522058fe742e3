import { DomainError } from '../errors.ts'

/** A timestamp asked for the next block that is not after the head's: a block cannot go back in time. */
export class TimestampNotAfterHead extends DomainError {
  readonly kind = 'timestampNotAfterHead'

  constructor(
    readonly timestamp: bigint,
    readonly headTimestamp: bigint,
  ) {
    super(`timestamp ${timestamp} is not after the head's timestamp ${headTimestamp}`)
  }
}

/**
 * The state after a block that the chain no longer keeps (older than its state window): geth's
 * "missing trie node", saying which block and what is kept.
 */
export class StateUnavailable extends DomainError {
  readonly kind = 'stateUnavailable'

  constructor(
    readonly blockNumber: bigint,
    readonly stateBlocks: number | 'all',
  ) {
    super(
      `missing trie node: the state of block ${blockNumber} is no longer kept (this network keeps the states of its newest ${stateBlocks} blocks; set history.stateBlocks in the config, or serve with --archive, to keep more)`,
    )
  }
}
