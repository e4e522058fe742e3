import { DomainError } from '../errors.ts'

/** A state file that cannot be used; the message names the file and what is wrong. */
export class StateFileError extends DomainError {
  readonly kind = 'stateFile'
}

/** A state file that cannot be written now (a full disk): the message names the file and what was kept. */
export class StateSaveError extends DomainError {
  readonly kind = 'stateSave'
}

/** A `--state` path that cannot be used (its folder missing or not writable): refused before anything starts. */
export class StatePathError extends DomainError {
  readonly kind = 'statePath'
}

/** A `--load-state` file that cannot be read or loaded: refused before anything is served, naming the file and why. */
export class LoadStateError extends DomainError {
  readonly kind = 'loadState'
}
