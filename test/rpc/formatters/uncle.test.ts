import { createBlock, createBlockHeader } from '@ethereumjs/block'
import { Common, Hardfork, Mainnet } from '@ethereumjs/common'
import { bytesToHex } from 'viem'
import { describe, expect, test } from 'vitest'
import { formatUncle } from '../../../src/rpc/formatters/uncle.ts'

// Only proof-of-work blocks (an imported chain's) carry uncles; chainsim's own blocks never do.
const common = new Common({ chain: Mainnet, hardfork: Hardfork.London })
const uncle = createBlockHeader(
  { number: 1n, difficulty: 131_072n, gasLimit: 8_000_000n, timestamp: 10n, baseFeePerGas: 7n, extraData: new Uint8Array([1]) },
  { common },
)
const block = createBlock(
  { header: { number: 2n, difficulty: 131_072n, gasLimit: 8_000_000n, timestamp: 20n, baseFeePerGas: 7n }, uncleHeaders: [uncle] },
  { common, skipConsensusFormatValidation: true },
)

describe('formatUncle', () => {
  test("an uncle as geth answers it: the uncle's own header, with no transactions and no uncles", () => {
    expect(formatUncle(block, 0n)).toMatchObject({
      hash: bytesToHex(uncle.hash()),
      number: '0x1',
      difficulty: '0x20000',
      timestamp: '0xa',
      extraData: '0x01',
      baseFeePerGas: '0x7',
      transactions: [],
      uncles: [],
    })
  })

  test('past the last uncle, or a block without any → null', () => {
    expect(formatUncle(block, 1n)).toBeNull()
    expect(formatUncle(createBlock({ header: { number: 3n } }, { common }), 0n)).toBeNull()
  })
})
