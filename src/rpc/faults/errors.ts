import { DomainError } from '../../errors.ts'

/** A fault that cannot be armed as given (an unknown method); the message says why. */
export class FaultSpecError extends DomainError {
  readonly kind = 'faultSpec'
}
