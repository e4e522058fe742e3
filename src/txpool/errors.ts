import { DomainError } from '../errors.ts'

/**
 * A transaction refused at the door (decoding, admission, the pool's own rules); the message is the reason,
 * in geth's words where geth has one ("nonce too low: ...", "already known", "txpool is full: ...").
 */
export class TransactionRejected extends DomainError {
  readonly kind = 'transactionRejected'

  constructor(readonly reason: string) {
    super(reason)
  }
}

/** A sent transaction was not mined on the canonical chain within the time a sync send waits (EIP-7966). */
export class NotMinedInTime extends DomainError {
  readonly kind = 'notMinedInTime'

  constructor(
    readonly hash: Uint8Array,
    readonly timeoutMs: number,
  ) {
    super(`The transaction was added to the transaction pool but wasn't processed in ${goDuration(timeoutMs)}`)
  }
}

/** A wait as geth words it (Go's time.Duration: "20s", "1.5s", "500ms"), for geth's own message. */
function goDuration(ms: number): string {
  return ms < 1000 ? `${ms}ms` : `${ms / 1000}s`
}
