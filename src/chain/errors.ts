import { ChainsimError } from '../errors.ts'

/** A timestamp asked for the next block that is not after the head's: a block cannot go back in time. */
export class TimestampNotAfterHead extends ChainsimError {
  constructor(
    readonly timestamp: bigint,
    readonly headTimestamp: bigint,
  ) {
    super(`timestamp ${timestamp} is not after the head's timestamp ${headTimestamp}`)
  }
}
