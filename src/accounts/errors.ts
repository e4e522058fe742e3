import { DomainError } from '../errors.ts'

/** A request to sign for an address the node holds no key of: geth's "unknown account", word for word. */
export class UnknownAccount extends DomainError {
  readonly kind = 'unknownAccount'

  constructor(readonly address: Uint8Array) {
    super('unknown account')
  }
}

/** A transaction request naming another chain than the node's (geth's check in its transaction defaults). */
export class ChainIdMismatch extends DomainError {
  readonly kind = 'chainIdMismatch'

  constructor(
    readonly requested: bigint,
    readonly chainId: bigint,
  ) {
    super(`chainId does not match node's (have=${requested}, want=${chainId})`)
  }
}

/** EIP-712 typed data that cannot be hashed: a value that does not fit its type, an unknown type... */
export class InvalidTypedData extends DomainError {
  readonly kind = 'invalidTypedData'
}

/**
 * No slot of a token holds what its view reads (anvil_dealERC20, anvil_setERC20Allowance), in Anvil's words;
 * `argument` is the token's place among the method's params.
 */
export class Erc20SlotNotFound extends DomainError {
  readonly kind = 'erc20SlotNotFound'

  constructor(readonly what: 'balance' | 'allowance') {
    super(`Unable to set ERC20 ${what}, no slot found`)
  }
}
/** A request whose gas is over the most one transaction may carry (EIP-7825 from Osaka), in geth's words. */
export class GasAboveCap extends DomainError {
  readonly kind = 'gasAboveCap'
}
