import { ChainsimError } from '../errors.ts'

/**
 * A transaction refused at the door (decoding, admission, the pool's own rules); the message is the reason,
 * in geth's words where geth has one ("nonce too low: ...", "already known", "txpool is full: ...").
 */
export class TransactionRejected extends ChainsimError {
  constructor(readonly reason: string) {
    super(reason)
  }
}
