import type { ExpectationFailure } from './errors.ts'
import { diffValues, showValue } from './diff.ts'
import { parseUnsigned } from './amounts.ts'
import { fieldOf } from './values.ts'

/**
 * Expectation checks on values the player got (RPC results, errors, filter changes). Matching is
 * JSON-aware and forgiving where a file cannot be exact: a number (or a large number) matches a hex
 * quantity or a decimal string of the same value, and hex strings compare without regard to case.
 */

/**
 * Matchers: where an expected value is an object whose keys are all matcher names, it is matched, not
 * compared. `gt`, `gte`, `lt`, `lte` bound a quantity (a number, hex or decimal string); `oneOf` lists the
 * values it may be; `includes` lists elements an array holds in any order, each matched (as `contains`
 * matches) by a different element. They may sit anywhere a value is expected: `fields: {gasUsed: {lt: 50000}}`.
 */
export interface Matcher {
  gt?: unknown
  gte?: unknown
  lt?: unknown
  lte?: unknown
  oneOf?: readonly unknown[]
  includes?: readonly unknown[]
}

export const MATCHER_KEYS = ['gt', 'gte', 'lt', 'lte', 'oneOf', 'includes'] as const
const COMPARISONS = {
  gt: (a: bigint, b: bigint) => a > b,
  gte: (a: bigint, b: bigint) => a >= b,
  lt: (a: bigint, b: bigint) => a < b,
  lte: (a: bigint, b: bigint) => a <= b,
} as const
const COMPARISON_WORDS = { gt: 'greater than', gte: 'at least', lt: 'less than', lte: 'at most' } as const

/** The checks every expectation can make; values are already resolved ($names replaced). */
export interface ValueChecks extends Matcher {
  equal?: unknown
  contains?: unknown
  /** The array's (or string's) length: a number, or comparisons (`{gte: 2}`). */
  length?: number | Matcher
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
  const matcher = Object.fromEntries(MATCHER_KEYS.filter((key) => checks[key] !== undefined).map((key) => [key, checks[key]])) as Matcher
  if (Object.keys(matcher).length > 0) {
    const where = matcherMismatch(matcher, actual, 'equal', '')
    if (where !== undefined) failures.push({ message: `${label}${where}`, expected: matcher, actual })
  }
  if (checks.length !== undefined) {
    const length = Array.isArray(actual) || typeof actual === 'string' ? actual.length : undefined
    const expected = checks.length
    const wrong = typeof expected === 'number' ? length !== expected : length === undefined || matcherMismatch(expected, length, 'equal', '') !== undefined
    if (wrong) {
      const wanted = typeof expected === 'number' ? `${expected}` : describeMatcher(expected)
      failures.push({ message: `${label} length: expected ${wanted}, got ${length ?? `no length (${showValue(actual)})`}`, expected, actual })
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
  if (isMatcher(expected)) return matcherMismatch(expected, actual, mode, path)
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
      const inner = mismatch((expected as Record<string, unknown>)[key], (actual as Record<string, unknown>)[key], mode, path === '' ? key : `${path}.${key}`)
      if (inner !== undefined) return inner
    }
    return undefined
  }
  return expected === actual ? undefined : at(`expected ${showValue(expected)}, got ${showValue(actual)}`)
}

/** Whether an expected value is a matcher: an object of matcher names only. */
export function isMatcher(value: unknown): value is Matcher {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false
  const keys = Object.keys(value)
  return keys.length > 0 && keys.every((key) => (MATCHER_KEYS as readonly string[]).includes(key))
}

/** Where `actual` fails a matcher, or undefined; `mode` is how `oneOf` compares its values. */
function matcherMismatch(matcher: Matcher, actual: unknown, mode: 'equal' | 'contains', path: string): string | undefined {
  const at = (what: string) => ` at ${path === '' ? '(top)' : path}: ${what}`
  for (const op of ['gt', 'gte', 'lt', 'lte'] as const) {
    if (matcher[op] === undefined) continue
    const bound = integerOf(matcher[op]) ?? (typeof matcher[op] === 'string' ? parseUnsigned(matcher[op]) : undefined)
    if (bound === undefined) return at(`${op}: ${showValue(matcher[op])} is not a number`)
    const value = integerOf(actual)
    if (value === undefined || !COMPARISONS[op](value, bound)) return at(`expected a number ${COMPARISON_WORDS[op]} ${bound}, got ${showValue(actual)}`)
  }
  if (matcher.oneOf !== undefined && !matcher.oneOf.some((option) => mismatch(option, actual, mode, '') === undefined)) {
    return at(`expected one of ${showValue(matcher.oneOf)}, got ${showValue(actual)}`)
  }
  if (matcher.includes !== undefined) {
    if (!Array.isArray(actual)) return at(`expected an array, got ${showValue(actual)}`)
    const missing = unmatchedElement(matcher.includes, actual)
    if (missing !== undefined) {
      return at(`element ${missing} of the expected elements (${showValue(matcher.includes[missing])}) is not among the ${actual.length} elements`)
    }
  }
  return undefined
}

/**
 * The first expected element that no actual element is left to match, pairing each expected element with a
 * different actual one (a maximum bipartite matching: an element matching two expectations counts once).
 */
function unmatchedElement(expected: readonly unknown[], actual: readonly unknown[]): number | undefined {
  const candidates = expected.map((e) => actual.flatMap((a, j) => (mismatch(e, a, 'contains', '') === undefined ? [j] : [])))
  const owner = new Array<number>(actual.length).fill(-1)
  const assign = (i: number, seen: Set<number>): boolean => {
    for (const j of candidates[i] as number[]) {
      if (seen.has(j)) continue
      seen.add(j)
      if (owner[j] === -1 || assign(owner[j] as number, seen)) {
        owner[j] = i
        return true
      }
    }
    return false
  }
  for (let i = 0; i < expected.length; i++) if (!assign(i, new Set())) return i
  return undefined
}

function describeMatcher(matcher: Matcher): string {
  const parts = (['gt', 'gte', 'lt', 'lte'] as const).filter((op) => matcher[op] !== undefined).map((op) => `${COMPARISON_WORDS[op]} ${showValue(matcher[op])}`)
  if (matcher.oneOf) parts.push(`one of ${showValue(matcher.oneOf)}`)
  return parts.join(' and ')
}

/**
 * Why a list of log changes is not in geth's order, or undefined when it is. geth reports each chain event as
 * its removed logs, oldest first, then its added logs by position; between two looks several events (new
 * blocks, reorgs) may follow one another. So, checked against the logs the list itself added:
 * - a log is added above every log added before it that is still on the chain: one at or above its position
 *   must have been removed first (the chain was reorganised below it);
 * - a reorg removes a whole suffix of the chain: the removals before the next addition (or the end) leave no
 *   added log above the lowest one they removed;
 * - a log is not removed twice without being added back in between.
 * Where one event ends shows only when the next begins with removals (after additions, or below the previous
 * removal: a deeper reorg). Pending logs, without a position, may sit anywhere.
 */
export function gethOrderProblem(entries: readonly unknown[]): string | undefined {
  type Placed = { id: string; block: bigint; index: bigint; entry: number }
  const live: Placed[] = [] // added and not removed since, in the order added: ascending
  const liveIds = new Set<string>()
  const gone = new Set<string>()
  let lowestRemoved: Placed | undefined
  const highestLive = () => {
    while (live.length > 0 && !liveIds.has((live.at(-1) as Placed).id)) live.pop()
    return live.at(-1)
  }
  const atOrAbove = (a: Placed, b: Placed) => a.block > b.block || (a.block === b.block && a.index >= b.index)
  const suffixProblem = () => {
    const top = highestLive()
    if (!lowestRemoved || !top || !atOrAbove(top, lowestRemoved)) return undefined
    return `entry ${lowestRemoved.entry} removed block ${lowestRemoved.block}, log ${lowestRemoved.index}, but the log at block ${top.block}, log ${top.index} (entry ${top.entry}) stayed on the chain`
  }
  for (const [i, entry] of entries.entries()) {
    const log = entry as { removed?: unknown; blockHash?: string | null; blockNumber?: string | null; logIndex?: string | null }
    if (log.blockNumber == null || log.logIndex == null) continue
    const placed: Placed = { id: `${log.blockHash ?? log.blockNumber}:${log.logIndex}`, block: BigInt(log.blockNumber), index: BigInt(log.logIndex), entry: i }
    const where = `entry ${i} (block ${placed.block}, log ${placed.index})`
    if (log.removed === true) {
      if (gone.has(placed.id)) return `${where} is removed a second time without having been added back`
      gone.add(placed.id)
      liveIds.delete(placed.id)
      if (!lowestRemoved || atOrAbove(lowestRemoved, placed)) lowestRemoved = placed
      continue
    }
    const problem = suffixProblem()
    if (problem) return problem
    lowestRemoved = undefined
    const top = highestLive()
    if (top && atOrAbove(top, placed)) return `${where} comes after block ${top.block}, log ${top.index} (entry ${top.entry}), which was not removed before it`
    live.push(placed)
    liveIds.add(placed.id)
    gone.delete(placed.id)
  }
  return suffixProblem()
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
