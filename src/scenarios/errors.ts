import { DomainError } from '../errors.ts'

/** One thing wrong with a scenario file: where it is, in which step, and what. */
export interface ScenarioProblem {
  file: string
  line?: number
  column?: number
  /** The step it is in: its number (1-based) and name. */
  step?: { number: number; name: string }
  /** The key path, relative to the step when there is one (`send.args.0`). */
  path: string
  message: string
  /** The line of the file the problem is on, as written (YAML that does not parse). */
  source?: string
}

/** `file:line:column: step 3 "name": path: message`, then the line itself with a caret when there is one. */
export function formatProblem(problem: ScenarioProblem): string {
  const where = problem.line === undefined ? problem.file : `${problem.file}:${problem.line}:${problem.column}`
  const step = problem.step ? ` step ${problem.step.number} "${problem.step.name}":` : ''
  const path = problem.path ? ` ${problem.path}:` : ''
  const text = `${where}:${step}${path} ${problem.message}`
  if (problem.source === undefined || problem.line === undefined) return text
  const gutter = ` ${problem.line} | `
  return `${text}\n${gutter}${problem.source}\n${' '.repeat(gutter.length - 2)}| ${' '.repeat(Math.max(0, (problem.column ?? 1) - 1))}^`
}

/** One expectation that did not hold: what was wrong, and the two values to show as a diff. */
export interface ExpectationFailure {
  message: string
  expected?: unknown
  actual?: unknown
  /** `- expected` / `+ actual` lines. */
  diff?: string
}

/** An argument or a type that does not fit: the message says which and why. */
export class AbiError extends DomainError {
  readonly kind = 'abi'
}

/** A scenario file that cannot be played; the message names the file, the line and the step of each problem. */
export class ScenarioError extends DomainError {
  readonly kind = 'scenario'

  constructor(
    readonly file: string,
    readonly problems: readonly ScenarioProblem[],
  ) {
    super(problems.map(formatProblem).join('\n'))
  }
}

/** A value that cannot be used: the message says which and why. */
export class ValueError extends DomainError {
  readonly kind = 'value'
}

/** A step that cannot go on (a value that does not fit, a call that failed unexpectedly). */
export class StepFailure extends DomainError {
  readonly kind = 'stepFailure'

  constructor(
    message: string,
    readonly details: Omit<ExpectationFailure, 'message'> = {},
  ) {
    super(message)
  }
}

/** A `--shard` that does not say I/N with 1 ≤ I ≤ N. */
export class ShardError extends DomainError {
  readonly kind = 'shard'
}
