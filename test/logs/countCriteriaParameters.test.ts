import { describe, expect, test } from 'vitest'
import { countCriteriaParameters } from '../../src/logs/index.ts'
import { address, topic } from './chains.ts'

describe('countCriteriaParameters', () => {
  test('no criteria → 0', () => {
    expect(countCriteriaParameters({})).toBe(0)
  })

  test('counts every address and every topic value, OR alternatives included; wildcards count nothing', () => {
    const topics = [topic(1), null, [topic(2), topic(3), topic(4)], []]
    expect(countCriteriaParameters({ addresses: [address(1), address(2)], topics })).toBe(6)
  })
})
