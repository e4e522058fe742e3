import { DomainError } from '../errors.ts'

/** A trace stopped at its deadline (geth's words). */
export class TraceTimeout extends DomainError {
  readonly kind = 'traceTimeout'

  constructor() {
    super('execution timeout')
  }
}

/**
 * A traced call that could not run as a transaction, so there is nothing to trace (geth's "tracing failed: …"):
 * the request's fault, unlike {@link TracerFailed}.
 */
export class TracedCallRefused extends DomainError {
  readonly kind = 'tracedCallRefused'

  constructor(reason: string) {
    super(`tracing failed: ${reason}`)
  }
}

/** A tracer failed while the EVM ran: a fault of chainsim's, never the traced code's nor the request's. */
export class TracerFailed extends DomainError {
  readonly kind = 'tracerFailed'

  constructor(cause: unknown) {
    super('a tracer failed', { cause })
  }
}

/** The upstream's fork block cannot be rebuilt with its own hash, so nothing could be mined on it. */
export class ForkBlockError extends DomainError {
  readonly kind = 'forkBlock'
}

/** A hardfork name chainsim does not serve; the message lists those it does. */
export class UnknownHardforkError extends DomainError {
  readonly kind = 'unknownHardfork'
}

/** A genesis file chainsim cannot use; the message names the field. */
export class GenesisError extends DomainError {
  readonly kind = 'genesis'

  constructor(message: string) {
    super(`genesis: ${message}`)
  }
}

/** A derivation path that is not BIP-32's form. */
export class DerivationPathError extends DomainError {
  readonly kind = 'derivationPath'

  constructor(path: string, why: string) {
    super(`${JSON.stringify(path)} is not a derivation path such as m/44'/60'/0'/0/: ${why}`)
  }
}

/** A record that does not decode as what it should be. */
export class RecordError extends DomainError {
  readonly kind = 'record'
}

/** A blob transaction's network form that cannot be read; the message says what is wrong (geth's `rlp:` errors). */
export class BlobEncodingError extends DomainError {
  readonly kind = 'blobEncoding'
}

/**
 * The upstream failed to answer what a state read needed (unreachable, refused, reorganized). It aborts
 * the read, call or block that needed the state: it is never taken for a failing transaction.
 */
export class ForkSourceError extends DomainError {
  readonly kind = 'forkSource'
}

/** eth_getProof asked for an account or slot the fork never wrote: no proof of it exists in the local trie. */
export class ProofNotLocal extends DomainError {
  readonly kind = 'proofNotLocal'
}

/**
 * Why a call was refused before it ran, by geth's error kinds: eth_simulateV1 answers each with its
 * own code; eth_call answers them all with -32000 and the message.
 */
export type CallRefusal = 'nonceTooLow' | 'nonceTooHigh' | 'insufficientFunds' | 'intrinsicGas' | 'feeCapTooLow' | 'initCodeTooLarge' | 'other'

/** What refuses a whole simulation, by geth's error kinds. */
export type SimulationRefusalKind = 'blockNumber' | 'blockTimestamp' | 'tooManyBlocks' | 'blockGasLimit' | CallRefusal

/** A simulation geth would refuse, with geth's words; the refusal selects the JSON-RPC code. */
export class SimulationRefused extends DomainError {
  readonly kind = 'simulationRefused'

  constructor(
    readonly refusal: SimulationRefusalKind,
    message: string,
  ) {
    super(message)
  }
}

/** Overrides geth refuses, in geth's words (`account 0x… has both 'state' and 'stateDiff'`). */
export class OverrideRefused extends DomainError {
  readonly kind = 'overrideRefused'
}

/** A block of an imported chain that could not be decoded, executed or checked. */
export class BlockImportError extends DomainError {
  readonly kind = 'blockImport'

  constructor(
    /** The block's number; for an entry of the file that cannot be read, the number expected there. */
    readonly blockNumber: bigint,
    readonly reason: string,
  ) {
    super(`block ${blockNumber}: ${reason}`)
  }
}
