import { describe, expect, test } from 'vitest'
import { matchesCriteria } from '../../src/logs/index.ts'
import { address, log, topic } from './chains.ts'

describe('matchesCriteria', () => {
  const threeTopics = log(1, [1, 2, 3])

  test('no criteria match every log, including one without topics', () => {
    expect(matchesCriteria(log(1, []), {})).toBe(true)
    expect(matchesCriteria(log(1, []), { addresses: [], topics: [] })).toBe(true)
  })

  test('[null] does not match a log without topics', () => {
    expect(matchesCriteria(log(1, []), { topics: [null] })).toBe(false)
    expect(matchesCriteria(log(1, [5]), { topics: [null] })).toBe(true)
  })

  test('more positions than the log has topics → no match', () => {
    expect(matchesCriteria(threeTopics, { topics: [null, null, null] })).toBe(true)
    expect(matchesCriteria(threeTopics, { topics: [null, null, null, null] })).toBe(false)
  })

  test('a value must sit at its position; an array is OR; an empty array a wildcard', () => {
    expect(matchesCriteria(threeTopics, { topics: [null, topic(2)] })).toBe(true)
    expect(matchesCriteria(threeTopics, { topics: [topic(2)] })).toBe(false)
    expect(matchesCriteria(threeTopics, { topics: [[topic(9), topic(1)], [], topic(3)] })).toBe(true)
    expect(matchesCriteria(threeTopics, { topics: [[topic(9), topic(8)]] })).toBe(false)
  })

  test('addresses are OR; an empty list matches any', () => {
    expect(matchesCriteria(threeTopics, { addresses: [address(2), address(1)] })).toBe(true)
    expect(matchesCriteria(threeTopics, { addresses: [address(2)] })).toBe(false)
    expect(matchesCriteria(threeTopics, { addresses: [] })).toBe(true)
  })

  test('address and topics must both match', () => {
    expect(matchesCriteria(threeTopics, { addresses: [address(1)], topics: [topic(1)] })).toBe(true)
    expect(matchesCriteria(threeTopics, { addresses: [address(2)], topics: [topic(1)] })).toBe(false)
  })
})
