import { DomainError } from '../errors.ts'
import { ForkSourceError } from '../evm/index.ts'

/**
 * The upstream failed a call chainsim needed (unreachable, timed out, rate limited past the retries, an HTTP
 * error, an answer that is not JSON-RPC, or a JSON-RPC error where state was expected). The message names
 * the upstream, then says what failed (`detail`: the methods and the failure); the call that needed it gets
 * -32000 and the node keeps serving.
 */
export class UpstreamError extends ForkSourceError {
  constructor(
    readonly upstream: string,
    readonly detail: string,
  ) {
    super(`upstream ${upstream}: ${detail}`)
  }
}

/** The upstream gave no answer within the read's deadline (it accepted and hung, or is too slow). */
export class UpstreamUnanswered extends UpstreamError {}

/** The upstream's chain no longer holds the fork block: it reorganized below it. Nothing it says now is mixed in. */
export class UpstreamReorged extends UpstreamError {}

/** The upstream answered something of the wrong shape (a block without a hash, a balance that is not a number). */
export class MalformedAnswer extends ForkSourceError {}

/** `--offline`: what was asked is not in the fork cache, and the upstream is not asked. */
export class NotCached extends ForkSourceError {}

/**
 * The upstream's own JSON-RPC error answer to a call a forked network passed on to it (an eth_call at a
 * block before the fork, an eth_getLogs over its blocks): the client gets it as it came.
 */
export class UpstreamAnswerError extends DomainError {
  readonly kind = 'upstreamAnswer'

  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
  }
}

/** A fork cannot start: the upstream cannot be reached or has no such block, the cache cannot be read... */
export class ForkStartError extends DomainError {
  readonly kind = 'forkStart'
}

/**
 * Asked of a forked network what only a chain of its own can do: be saved or replaced block by block from
 * genesis (its state before its first block is the upstream's), or fork again elsewhere.
 */
export class NotOnAFork extends DomainError {
  readonly kind = 'notOnAFork'
}

/** An offline fork (`--offline`, a fixture) asks no upstream, so it has none to change (anvil_setRpcUrl). */
export class NoUpstreamOffline extends DomainError {
  readonly kind = 'noUpstreamOffline'
}
