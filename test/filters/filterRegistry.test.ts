import { afterEach, describe, expect, test } from 'vitest'
import { FilterNotFound, TooManyFilters } from '../../src/filters/errors.ts'
import { FilterRegistry } from '../../src/filters/filterRegistry.ts'
import type { Filter } from '../../src/filters/filterRegistry.ts'

let now = 0
const registries: FilterRegistry[] = []
afterEach(() => {
  for (const registry of registries.splice(0)) registry.close()
})

function registry(options: { maxFilters?: number; onSwept?: () => void } = {}): FilterRegistry {
  const made = new FilterRegistry({ timeoutMs: 1_000, now: () => now, maxFilters: options.maxFilters ?? 10, onSwept: options.onSwept ?? (() => {}) })
  registries.push(made)
  return made
}

const blockFilter =
  (journalPosition: number) =>
  (id: string): Filter => ({ kind: 'block', id, installedAt: now, lastPoll: now, cursor: 0n, journalPosition })
const pendingFilter = (id: string): Filter => ({ kind: 'pendingTransaction', id, installedAt: now, lastPoll: now, hashes: [] })

describe('FilterRegistry', () => {
  test('ids count up in hex; an uninstalled id is not found', () => {
    now = 0
    const filters = registry()
    expect([filters.install(blockFilter(0)), filters.install(pendingFilter)]).toEqual(['0x1', '0x2'])
    expect(filters.uninstall('0x1')).toBe(true)
    expect(filters.uninstall('0x1')).toBe(false)
    expect(() => filters.find('0x1')).toThrow(FilterNotFound)
    expect(filters.find('0x2').kind).toBe('pendingTransaction')
  })

  test('a filter not polled for the timeout is gone; a poll (touch) moves its expiry, a find does not', () => {
    now = 0
    const filters = registry()
    const id = filters.install(blockFilter(0))
    now = 900
    filters.find(id)
    filters.touch(id)
    expect(filters.expiresAt(filters.find(id))).toBe(1_900)
    now = 1_899
    expect(filters.find(id).id).toBe(id)
    now = 1_900
    expect(() => filters.find(id)).toThrow(FilterNotFound)
    expect(filters.size).toBe(0)
  })

  test('past the cap, expired filters are swept first; live ones refuse the install', () => {
    now = 0
    let sweeps = 0
    const filters = registry({ maxFilters: 2, onSwept: () => sweeps++ })
    filters.install(blockFilter(0))
    filters.install(blockFilter(0))
    expect(() => filters.install(blockFilter(0))).toThrow(TooManyFilters)
    expect(sweeps).toBe(1)
    now = 1_000
    expect(filters.install(blockFilter(0))).toBe('0x3')
    expect(filters.size).toBe(1)
  })

  test('the oldest journal position is the least of the log and block filters, pending-transaction filters aside', () => {
    now = 0
    const filters = registry()
    expect(filters.oldestJournalPosition()).toBeUndefined()
    filters.install(pendingFilter)
    expect(filters.oldestJournalPosition()).toBeUndefined()
    filters.install(blockFilter(5))
    filters.install(blockFilter(3))
    expect(filters.oldestJournalPosition()).toBe(3)
  })
})
