import { DomainError } from '../errors.ts'

/** startChainsim could not start what it was asked for (a failing scenario, options that do not go together). */
export class StartChainsimError extends DomainError {
  readonly kind = 'startChainsim'
}

/** A network could not go back to its checkpoint: a test reverted to an earlier snapshot with evm_revert. */
export class CheckpointLost extends DomainError {
  readonly kind = 'checkpointLost'

  constructor(network: string) {
    super(`network ${network}: its checkpoint is gone (a test reverted to an earlier snapshot); use a fresh chainsim per test instead`)
  }
}
