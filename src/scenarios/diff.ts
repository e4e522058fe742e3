/**
 * A line diff of expected and actual values, as the report shows a failed expectation: `- ` lines are only
 * expected, `+ ` lines only actual. Values are shown as indented JSON.
 */

const MAX_CELLS = 4_000_000
const CONTEXT = 3

const BIGINT = /"@@bigint:(-?\d+)@@"/g

/** JSON text of a value for messages and diffs; a bigint (a large number from the file) shows as a number. */
export function showValue(value: unknown, indent?: number): string {
  if (value === undefined) return '(nothing)'
  const text = JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? `@@bigint:${v}@@` : v), indent)
  return text === undefined ? String(value) : text.replace(BIGINT, '$1')
}

/** The diff of two values' JSON lines, with a few lines of context around each change. */
export function diffValues(expected: unknown, actual: unknown): string {
  const a = showValue(expected, 2).split('\n')
  const b = showValue(actual, 2).split('\n')
  if (a.length * b.length > MAX_CELLS) return [...a.map((l) => `- ${l}`), ...b.map((l) => `+ ${l}`)].join('\n')
  const lines = lineDiff(a, b)
  const keep = lines.map((line, i) => line[0] !== ' ' || lines.slice(Math.max(0, i - CONTEXT), i + CONTEXT + 1).some((l) => l[0] !== ' '))
  const out: string[] = []
  lines.forEach((line, i) => {
    if (keep[i]) out.push(line)
    else if (keep[i - 1]) out.push('  ...')
  })
  return out.join('\n')
}

/** Longest-common-subsequence diff of two line lists. */
function lineDiff(a: readonly string[], b: readonly string[]): string[] {
  const n = a.length
  const m = b.length
  // common[i][j]: length of the LCS of a[i..] and b[j..].
  const common = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1))
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      common[i]![j] = a[i] === b[j] ? common[i + 1]![j + 1]! + 1 : Math.max(common[i + 1]![j]!, common[i]![j + 1]!)
    }
  }
  const out: string[] = []
  let i = 0
  let j = 0
  while (i < n || j < m) {
    if (i < n && j < m && a[i] === b[j]) {
      out.push(`  ${a[i++]}`)
      j++
    } else if (i < n && (j === m || common[i + 1]![j]! >= common[i]![j + 1]!)) {
      out.push(`- ${a[i++]}`)
    } else {
      out.push(`+ ${b[j++]}`)
    }
  }
  return out
}
