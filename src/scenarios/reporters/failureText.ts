import type { ExpectationFailure } from '../errors.ts'
import { showValue } from '../diff.ts'

/** A failure as plain text for machine reports: its message, then the diff (or the actual value). */
export function failureText(failure: ExpectationFailure): string {
  if (failure.diff !== undefined) return `${failure.message}\n- expected\n+ actual\n${failure.diff}`
  if (failure.actual !== undefined) return `${failure.message}\nactual: ${showValue(failure.actual, 2)}`
  return failure.message
}
