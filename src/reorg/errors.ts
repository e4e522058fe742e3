import { DomainError } from '../errors.ts'

/** Which part of a reorg request was refused: an option of sim_reorg, or an anvil_reorg placement. */
export type ReorgErrorSubject = 'depth' | 'length' | 'drop' | 'add' | 'placement'

/**
 * A reorg that cannot be made as asked (too deep, past `finalized`, a transaction to drop that is not
 * there...). The message says why; the method's declaration says which argument it was. An anvil_reorg
 * placement is a kind of its own, as it is another argument than the depth.
 */
export class ReorgError extends DomainError {
  readonly kind: 'reorg' | 'reorgPlacement'

  constructor(
    readonly subject: ReorgErrorSubject,
    message: string,
  ) {
    super(message)
    this.kind = subject === 'placement' ? 'reorgPlacement' : 'reorg'
  }
}

/** A profile that cannot be had: an unknown name, a file that cannot be read, or one not of the format. */
export class ReorgProfileError extends DomainError {
  readonly kind = 'reorgProfile'
}
