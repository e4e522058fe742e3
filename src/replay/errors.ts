import { DomainError } from '../errors.ts'

/** sim_replay on a network that replays nothing. */
export class NoReplay extends DomainError {
  readonly kind = 'noReplay'
}

/** A change to a replay that cannot be made (resuming past a mismatch, a target below what is replayed). */
export class ReplayChangeRefused extends DomainError {
  readonly kind = 'replayChangeRefused'
}

/** Blocks asked of a network whose replay has not reached its last block: only the replay mines until then. */
export class MiningHeldByReplay extends DomainError {
  readonly kind = 'miningHeldByReplay'
}
