import type { TypedTransaction } from '@ethereumjs/tx'
import type { Address } from '@ethereumjs/util'

/**
 * A transaction whose sender (and hash) are given rather than read from a signature: an unsigned call (eth_call
 * runs a transaction from whoever the request names) and a transaction sent as an impersonated account (whose
 * bypass signature recovers no one). @ethereumjs/tx asks `getSenderAddress()` and `hash()` of the transaction
 * wherever it needs them (runTx, the block), with no option to give them, so the two methods are replaced on
 * that one object. test/evm/patches/ holds what this assumes of the transaction classes.
 */
export function withGivenSender<T extends TypedTransaction>(tx: T, sender: Address): T {
  Object.defineProperty(tx, 'getSenderAddress', { value: () => sender })
  return tx
}

/** As {@link withGivenSender}, for the transaction's hash. */
export function withGivenHash<T extends TypedTransaction>(tx: T, hash: Uint8Array): T {
  Object.defineProperty(tx, 'hash', { value: () => hash })
  return tx
}
