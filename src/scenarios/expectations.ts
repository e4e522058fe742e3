import { diffValues, showValue } from './diff.ts'
import { fieldOf } from './values.ts'

/**
 * Expectation checks on values the player got (RPC results, errors, filter changes). Matching is
 * JSON-aware and forgiving where a file cannot be exact: a number (or a large number) matches a hex
 * quantity or a decimal string of the same value, and hex strings compare without regard to case.
 */

/** One expectation that did not hold: what was wrong, and the two values to show as a diff. */
export interface ExpectationFailure {
  message: string
  expected?: unknown
  actual?: unknown
  /** `- expected` / `+ actual` lines. */
  diff?: string
}

/** The checks every expectation can make; values are already resolved ($names replaced). */
export interface ValueChecks {
  equal?: unknown
  contains?: unknown
  length?: number
  fields?: Record<string, unknown>
  matches?: Record<string, string>
  differs?: Record<string, unknown>
}

/** Runs the checks present in `checks` against `actual`. */
export function checkValue(actual: unknown, checks: ValueChecks, label = 'result'): ExpectationFailure[] {
  const failures: ExpectationFailure[] = []
  if (Object.hasOwn(checks, 'equal')) {
    const where = mismatch(checks.equal, actual, 'equal', '')
    if (where !== undefined) failures.push(failure(`${label} is not equal${where}`, checks.equal, actual))
  }
  if (Object.hasOwn(checks, 'contains')) {
    const where = mismatch(checks.contains, actual, 'contains', '')
    if (where !== undefined) failures.push(failure(`${label} does not contain the expected value${where}`, checks.contains, actual))
  }
  if (checks.length !== undefined) {
    const length = Array.isArray(actual) || typeof actual === 'string' ? actual.length : undefined
    if (length !== checks.length) {
      failures.push({ message: `${label} length: expected ${checks.length}, got ${length ?? `no length (${showValue(actual)})`}`, expected: checks.length, actual })
    }
  }
  for (const [path, expected] of Object.entries(checks.fields ?? {})) {
    const value = valueAtPath(actual, path)
    const where = mismatch(expected, value, 'equal', '')
    if (where !== undefined) failures.push(failure(`${label}.${path}: expected ${showValue(expected)}, got ${showValue(value)}`, expected, value))
  }
  for (const [path, pattern] of Object.entries(checks.matches ?? {})) {
    const value = valueAtPath(actual, path)
    const text = typeof value === 'string' ? value : showValue(value)
    if (value === undefined || !new RegExp(pattern).test(text)) {
      failures.push({ message: `${label}${path === '' ? '' : `.${path}`}: ${showValue(text)} does not match /${pattern}/` })
    }
  }
  for (const [path, unwanted] of Object.entries(checks.differs ?? {})) {
    const value = valueAtPath(actual, path)
    if (mismatch(unwanted, value, 'equal', '') === undefined) {
      failures.push({ message: `${label}.${path}: expected anything but ${showValue(unwanted)}, got it` })
    }
  }
  return failures
}

/** A field by dotted path (`0.topics.1`, `data.from`, `logs.length`); '' is the value itself. */
export function valueAtPath(value: unknown, path: string): unknown {
  if (path === '') return value
  let current = value
  for (const key of path.split('.')) {
    current = fieldOf(current, key)
    if (current === undefined) return undefined
  }
  return current
}

/**
 * Where `actual` first differs from `expected` (` at [1].removed: ...`), or undefined when it matches.
 * `contains`: objects need only the expected keys, arrays the expected elements in order (others may sit
 * between), non-hex strings a substring.
 */
function mismatch(expected: unknown, actual: unknown, mode: 'equal' | 'contains', path: string): string | undefined {
  const at = (what: string) => ` at ${path === '' ? '(top)' : path}: ${what}`
  if (typeof expected === 'number' || typeof expected === 'bigint') {
    const value = integerOf(actual)
    return value !== undefined && value === BigInt(expected) ? undefined : at(`expected ${showValue(expected)}, got ${showValue(actual)}`)
  }
  if (typeof expected === 'string') {
    if (typeof actual !== 'string') return at(`expected ${showValue(expected)}, got ${showValue(actual)}`)
    if (isHex(expected) && isHex(actual)) {
      return expected.toLowerCase() === actual.toLowerCase() ? undefined : at(`expected ${expected}, got ${actual}`)
    }
    const ok = mode === 'contains' ? actual.includes(expected) : actual === expected
    return ok ? undefined : at(`expected ${mode === 'contains' ? 'a string containing ' : ''}${showValue(expected)}, got ${showValue(actual)}`)
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return at(`expected an array, got ${showValue(actual)}`)
    if (mode === 'equal') {
      if (expected.length !== actual.length) return at(`expected ${expected.length} elements, got ${actual.length}`)
      for (let i = 0; i < expected.length; i++) {
        const inner = mismatch(expected[i], actual[i], mode, `${path}[${i}]`)
        if (inner !== undefined) return inner
      }
      return undefined
    }
    let from = 0
    for (let i = 0; i < expected.length; i++) {
      let found = -1
      for (let j = from; j < actual.length; j++) {
        if (mismatch(expected[i], actual[j], mode, '') === undefined) {
          found = j
          break
        }
      }
      if (found < 0) {
        const after = from === 0 ? '' : ` after element ${from - 1}`
        return at(`element ${i} of the expected array (${showValue(expected[i])}) not found${after}`)
      }
      from = found + 1
    }
    return undefined
  }
  if (expected !== null && typeof expected === 'object') {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return at(`expected an object, got ${showValue(actual)}`)
    const expectedKeys = Object.keys(expected)
    if (mode === 'equal') {
      const extra = Object.keys(actual).filter((key) => !Object.hasOwn(expected, key))
      if (extra.length > 0) return at(`unexpected field${extra.length > 1 ? 's' : ''} ${extra.join(', ')}`)
    }
    for (const key of expectedKeys) {
      if (!Object.hasOwn(actual, key)) return at(`missing field ${key}`)
      const inner = mismatch(
        (expected as Record<string, unknown>)[key],
        (actual as Record<string, unknown>)[key],
        mode,
        path === '' ? key : `${path}.${key}`,
      )
      if (inner !== undefined) return inner
    }
    return undefined
  }
  return expected === actual ? undefined : at(`expected ${showValue(expected)}, got ${showValue(actual)}`)
}

/**
 * Why a list of log changes is not in geth's order, or undefined when it is: removed logs first, oldest
 * first; then the others by block and log index (pending logs, without a position, anywhere among them).
 */
export function gethOrderProblem(entries: readonly unknown[]): string | undefined {
  const position = (entry: unknown) => {
    const log = entry as { blockNumber?: string | null; logIndex?: string | null }
    return log.blockNumber == null || log.logIndex == null ? undefined : [BigInt(log.blockNumber), BigInt(log.logIndex)] as const
  }
  let seenAdded = false
  let previous: { removed: boolean; at: readonly [bigint, bigint] } | undefined
  for (const [i, entry] of entries.entries()) {
    const removed = (entry as { removed?: unknown }).removed === true
    if (removed && seenAdded) return `entry ${i} is a removed log after a new one`
    if (!removed) seenAdded = true
    const at = position(entry)
    if (!at) continue
    if (previous && previous.removed === removed) {
      const [block, index] = at
      const [lastBlock, lastIndex] = previous.at
      if (block < lastBlock || (block === lastBlock && index <= lastIndex)) {
        return `entry ${i} (block ${block}, log ${index}) comes after block ${lastBlock}, log ${lastIndex}`
      }
    }
    previous = { removed, at }
  }
  return undefined
}

/** The integer a value stands for: a number, a 0x quantity, or a decimal string. */
function integerOf(value: unknown): bigint | undefined {
  if (typeof value === 'number') return Number.isInteger(value) ? BigInt(value) : undefined
  if (typeof value === 'bigint') return value
  if (typeof value === 'string' && (/^0x[0-9a-fA-F]+$/.test(value) || /^-?\d+$/.test(value))) return BigInt(value)
  return undefined
}

function isHex(value: string): boolean {
  return /^0x[0-9a-fA-F]*$/.test(value)
}

function failure(message: string, expected: unknown, actual: unknown): ExpectationFailure {
  return { message, expected, actual, diff: diffValues(expected, actual) }
}
