import { DomainError } from '../errors.ts'

/** The artifacts folder cannot be read. */
export class ArtifactsFolderError extends DomainError {
  readonly kind = 'artifactsFolder'
}

/** An ABI entry that viem cannot read: which one, and why. */
export class AbiDeclarationError extends DomainError {
  readonly kind = 'abiDeclaration'

  constructor(
    readonly index: number,
    reason: string,
  ) {
    super(reason)
  }
}
