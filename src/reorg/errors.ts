import { ChainsimError } from '../errors.ts'

/** Which part of a reorg request was refused: an option of sim_reorg, or an anvil_reorg placement. */
export type ReorgErrorSubject = 'depth' | 'length' | 'drop' | 'add' | 'placement'

/**
 * A reorg that cannot be made as asked (too deep, past `finalized`, a transaction to drop that is not
 * there...). The message says why; the RPC layer says which argument it was.
 */
export class ReorgError extends ChainsimError {
  constructor(
    readonly subject: ReorgErrorSubject,
    message: string,
  ) {
    super(message)
  }
}
