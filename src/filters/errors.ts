import { DomainError } from '../errors.ts'

/** An unknown, uninstalled, expired or over-full filter id; clients re-create their filter on it. */
export class FilterNotFound extends DomainError {
  readonly kind = 'filterNotFound'

  constructor(readonly id: string) {
    super('filter not found')
  }
}

/** More filters than a network holds at once. */
export class TooManyFilters extends DomainError {
  readonly kind = 'tooManyFilters'

  constructor(readonly max: number) {
    super(`too many filters: at most ${max} per network; uninstall some or let them expire`)
  }
}
