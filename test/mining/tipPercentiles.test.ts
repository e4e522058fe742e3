import { expect, test } from 'vitest'
import { tipPercentiles } from '../../src/mining/tipPercentiles.ts'

const paid = (effectiveGasPrice: bigint, gasUsed: bigint) => ({ effectiveGasPrice, gasUsed })

test('a block with no transactions tips 0 at every percentile', () => {
  expect(tipPercentiles(7n, [], [0, 50, 100])).toEqual([0n, 0n, 0n])
  expect(tipPercentiles(7n, [], [])).toEqual([])
})

test('tips are weighed by gas used, sorted by tip whatever the block order', () => {
  // Base fee 10: tips 5 (21,000 gas), 1 (63,000 gas), 20 (16,000 gas); 100,000 gas in all.
  const block = [paid(15n, 21_000n), paid(11n, 63_000n), paid(30n, 16_000n)]
  // Sorted: 1 up to 63,000 gas, 5 up to 84,000, 20 up to 100,000.
  expect(tipPercentiles(10n, block, [0, 10, 63, 64, 84, 85, 100])).toEqual([1n, 1n, 1n, 5n, 5n, 20n, 20n])
})

test('the threshold is truncated to whole gas, and reaching it exactly takes that tip (geth)', () => {
  // 3 gas in all: 33.3% is 0.999 gas, truncated to 0; 66.7% is 2.001, truncated to 2: the second transaction.
  const block = [paid(101n, 1n), paid(102n, 1n), paid(103n, 1n)]
  expect(tipPercentiles(100n, block, [33.3, 66.7, 66.7, 100])).toEqual([1n, 2n, 2n, 3n])
})

test('a block without a base fee tips the whole price paid', () => {
  expect(tipPercentiles(0n, [paid(9n, 21_000n)], [50])).toEqual([9n])
})
