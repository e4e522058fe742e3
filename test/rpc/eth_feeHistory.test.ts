import { describe, expect } from 'vitest'
import { devAccount, hex, send, type DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTest } from '../helpers/rpcTest.ts'

const GWEI = 10n ** 9n

const test = rpcTest
let server: DevServer
let url: string
/** Block headers 0..4: 1 is one transfer at a 1 gwei tip, 2 holds transfers at 1 and 3 gwei, 3 and 4 are empty. */
let blocks: Array<Record<string, any>>

test.beforeAll(async ({ server: started }) => {
  server = started
  url = server.url
  const transfer = (from: number, tip: bigint) =>
    send(url, {
      from: devAccount(from).address,
      to: devAccount(9).address,
      value: '0x1',
      gas: hex(21_000),
      maxPriorityFeePerGas: hex(tip),
      maxFeePerGas: hex(100n * GWEI),
    })
  await transfer(0, GWEI)
  await rpc(url, 'evm_setAutomine', [false])
  await transfer(1, 3n * GWEI)
  await transfer(2, GWEI)
  await rpc(url, 'evm_mine')
  await rpc(url, 'evm_setAutomine', [true])
  await rpc(url, 'anvil_mine', ['0x2'])
  blocks = await Promise.all([0, 1, 2, 3, 4].map((n) => rpc(url, 'eth_getBlockByNumber', [hex(n), false])))
})

const ratio = (block: Record<string, any>) => Number(BigInt(block.gasUsed)) / Number(BigInt(block.gasLimit))

describe('valid params', () => {
  test('the whole chain: base fees and blob base fees (one more: the next block’s), gas-used ratios and tip percentiles', async () => {
    const pending = await rpc(url, 'eth_getBlockByNumber', ['pending', false])
    expect(await rpc(url, 'eth_feeHistory', ['0x5', 'latest', [0, 50, 100]])).toEqual({
      oldestBlock: '0x0',
      baseFeePerGas: [...blocks.map((b) => b.baseFeePerGas), pending.baseFeePerGas],
      gasUsedRatio: blocks.map(ratio),
      // No blobs yet: the blob base fee stays at its floor of 1 wei (test/rpc/blobTransactions.test.ts has blobs).
      baseFeePerBlobGas: ['0x1', '0x1', '0x1', '0x1', '0x1', '0x1'],
      blobGasUsedRatio: [0, 0, 0, 0, 0],
      reward: [
        ['0x0', '0x0', '0x0'],
        [hex(GWEI), hex(GWEI), hex(GWEI)],
        [hex(GWEI), hex(GWEI), hex(3n * GWEI)],
        ['0x0', '0x0', '0x0'],
        ['0x0', '0x0', '0x0'],
      ],
    })
  })

  test('the percentile threshold is whole gas, as geth truncates it: 50.001% of 42,000 gas is still the first transaction', async () => {
    const history = await rpc(url, 'eth_feeHistory', ['0x1', '0x2', [50.001, 50.01, 99]])
    // 21,000.42 truncates to 21,000 (reached by the 1 gwei transfer); 21,004.2 → 21,004 is not.
    expect(history.reward).toEqual([[hex(GWEI), hex(3n * GWEI), hex(3n * GWEI)]])
  })

  test('a block number as newest: that block and the ones before, the last base fee being the next block’s', async () => {
    expect(await rpc(url, 'eth_feeHistory', ['0x2', '0x2'])).toEqual({
      oldestBlock: '0x1',
      baseFeePerGas: [blocks[1]!.baseFeePerGas, blocks[2]!.baseFeePerGas, blocks[3]!.baseFeePerGas],
      gasUsedRatio: [ratio(blocks[1]!), ratio(blocks[2]!)],
      baseFeePerBlobGas: ['0x1', '0x1', '0x1'],
      blobGasUsedRatio: [0, 0],
    })
  })

  test('blockCount as a JSON number is accepted, as geth does', async () => {
    expect(await rpc(url, 'eth_feeHistory', [2, 'latest', [50]])).toEqual(await rpc(url, 'eth_feeHistory', ['0x2', 'latest', [50]]))
  })

  test('more blocks than exist → from genesis', async () => {
    const history = await rpc(url, 'eth_feeHistory', ['0x64', '0x2'])
    expect(history.oldestBlock).toBe('0x0')
    expect(history.gasUsedRatio).toHaveLength(3)
  })

  test('without percentiles there is no reward field', async () => {
    expect(await rpc(url, 'eth_feeHistory', ['0x1', 'latest'])).not.toHaveProperty('reward')
  })

  test('earliest as newest → genesis only', async () => {
    const history = await rpc(url, 'eth_feeHistory', ['0x3', 'earliest', []])
    expect(history).toMatchObject({ oldestBlock: '0x0', baseFeePerGas: [blocks[0]!.baseFeePerGas, blocks[1]!.baseFeePerGas], gasUsedRatio: [0] })
  })
})

describe('invalid params', () => {
  const cases: Array<[string, unknown[], RegExp]> = [
    ['percentiles out of order → -32602', ['0x2', 'latest', [50, 10]], /argument 2.*ascending/],
    ['a percentile above 100 → -32602', ['0x2', 'latest', [101]], /argument 2/],
    ['a negative percentile → -32602', ['0x2', 'latest', [-1]], /argument 2/],
    ['percentiles that are not numbers → -32602', ['0x2', 'latest', ['50']], /argument 2/],
    ['a newest block past the head → -32602', ['0x1', '0x64'], /request beyond head block/],
    ['blockCount that is not a quantity → -32602', ['two', 'latest'], /argument 0/],
    ['a negative blockCount → -32602', [-1, 'latest'], /argument 0/],
    ['an unknown tag → -32602', ['0x1', 'newest'], /argument 1/],
    ['no newest block → -32602', ['0x1'], /missing value for required argument 1/],
    ['no params → -32602', [], /missing value for required argument 0/],
  ]
  test('more than 100 percentiles → -32000, counted before any is read (geth’s query limit)', async () => {
    const over = Array.from({ length: 101 }, (_, i) => i)
    const refusal = { code: -32000, message: 'invalid reward percentile: over the query limit 100' }
    expect(await rpcError(url, 'eth_feeHistory', ['0x2', 'latest', over])).toEqual(refusal)
    expect(await rpcError(url, 'eth_feeHistory', ['0x2', 'latest', over.map(String)])).toEqual(refusal)
    expect((await rpc(url, 'eth_feeHistory', ['0x2', 'latest', over.slice(1)])).reward[0]).toHaveLength(100)
  })

  for (const [name, params, message] of cases) {
    test(name, async () => {
      const error = await rpcError(url, 'eth_feeHistory', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})
