import { DomainError } from '../errors.ts'

/** Thrown from deep inside a scan when its deadline passes; the query turns it into `{ status: 'timeout' }`. */
export class QueryTimeout extends DomainError {
  readonly kind = 'queryTimeout'

  constructor() {
    super('log query deadline passed')
  }
}
