import { DomainError } from '../errors.ts'

/** A config that cannot be used; the message names the file and the bad key. */
export class ConfigError extends DomainError {
  readonly kind = 'config'
}
