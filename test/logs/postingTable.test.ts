import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { PostingTable } from '../../src/logs/postingTable.ts'
import { topic } from './chains.ts'

/** Values whose ids in the table differ from the model's. */
function mismatches(table: PostingTable, model: ReadonlyMap<number, readonly number[]>): number[] {
  return [...model].flatMap(([value, ids]) => {
    const listed = Array.from(table.lookup(topic(value)) ?? [])
    const same = listed.length === ids.length && listed.every((id, i) => id === ids[i])
    return same && table.firstIdOf(topic(value)) === (ids[0] ?? -1) ? [] : [value]
  })
}

/** Plays appends of ids and removals of the newest, checking every value's ids against a plain model. */
function play(steps: readonly (number | 'remove')[]): void {
  const keys: Uint8Array[] = []
  const table = new PostingTable((id) => keys[id]!)
  const model = new Map<number, number[]>()
  steps.forEach((step, i) => {
    if (step === 'remove') {
      const newest = keys.length - 1
      if (newest < 0) return
      const value = keys[newest]![30]! * 256 + keys[newest]![31]!
      table.removeLast(keys[newest]!, newest)
      // The table reads a value's bytes from its logs, so the log leaves only after its id.
      keys.pop()
      model.get(value)!.pop()
    } else {
      keys.push(topic(step))
      table.add(topic(step), keys.length - 1)
      model.set(step, [...(model.get(step) ?? []), keys.length - 1])
    }
    if (i % 25 === 0) expect(mismatches(table, model)).toEqual([])
  })
  expect(mismatches(table, model)).toEqual([])
}

describe('PostingTable', () => {
  test('lists stay exact through growth and removals, with many values crowding the slots', () => {
    // Mostly values seen once, whose removal empties their slot; some seen often, which grow lists.
    const value = fc.oneof({ weight: 3, arbitrary: fc.integer({ min: 0, max: 65_535 }) }, fc.integer({ min: 0, max: 20 }))
    // Bursts of appends then removals: removals right after a growth open holes in the runs it re-placed.
    const burst = fc.tuple(fc.array(value, { maxLength: 300 }), fc.nat(300))
    const steps = fc
      .array(burst, { minLength: 1, maxLength: 12 })
      .map((bursts) => bursts.flatMap(([added, removed]) => [...added, ...Array<'remove'>(removed).fill('remove')]))
    fc.assert(fc.property(steps, play), { numRuns: 300 })
  })

  test('a value on no log has no list', () => {
    const table = new PostingTable(() => topic(1))
    table.add(topic(1), 0)
    expect(table.lookup(topic(2))).toBeUndefined()
    expect(table.firstIdOf(topic(2))).toBe(-1)
  })

  test('removing an id that is not the newest of its value throws', () => {
    const keys = [topic(1), topic(1)]
    const table = new PostingTable((id) => keys[id]!)
    table.add(topic(1), 0)
    table.add(topic(1), 1)
    expect(() => table.removeLast(topic(1), 0)).toThrow(/not the newest/)
  })
})
