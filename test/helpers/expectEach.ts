import { expect } from 'vitest'

/**
 * Holds `check` for every item, and that there is at least one. `expect(items.every(...)).toBe(true)` says only
 * "expected false to be true" and holds for an empty list; here a failure names the item, by its index and a
 * preview of its value (`label`, to pass to `expect(value, label)`).
 * @example expectEach(logs, (log, label) => expect(log.removed, label).toBe(true))
 */
export function expectEach<T>(items: Iterable<T>, check: (item: T, label: string) => void): void {
  const list = [...items]
  expect(list.length, 'expected at least one item to check').toBeGreaterThan(0)
  for (const [index, item] of list.entries()) check(item, `item ${index}: ${preview(item)}`)
}

function preview(value: unknown): string {
  const text = JSON.stringify(value, (_, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v)) ?? String(value)
  return text.length > 200 ? `${text.slice(0, 200)}…` : text
}
