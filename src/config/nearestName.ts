/**
 * The name among `names` nearest to a mistyped `word`, when it is near enough to be what was meant: at most one
 * edit for a short word, a third of its length for a longer one (an edit is a letter added, dropped, changed,
 * or two neighbours swapped), case ignored. Undefined when nothing is that near.
 */
export function nearestName(word: string, names: Iterable<string>): string | undefined {
  const budget = Math.max(1, Math.floor(word.length / 3))
  let best: string | undefined
  let bestDistance = budget + 1
  for (const name of names) {
    const distance = editDistance(word.toLowerCase(), name.toLowerCase())
    if (distance < bestDistance) {
      best = name
      bestDistance = distance
    }
  }
  return best
}

/** Edits between two words, adjacent swaps counting as one (optimal string alignment). */
export function editDistance(a: string, b: string): number {
  // rows[i][j]: edits between a's first i letters and b's first j.
  const rows = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)))
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = rows[i]!
      const previous = rows[i - 1]!
      const substitution = a[i - 1] === b[j - 1] ? 0 : 1
      row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + substitution)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) row[j] = Math.min(row[j]!, rows[i - 2]![j - 2]! + 1)
    }
  }
  return rows[a.length]![b.length]!
}
