import type { Hex } from 'viem'
import { keccak256 } from 'viem/utils'
import { describe, expect } from 'vitest'
import { signRaw } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'

const test = rpcTestWith([{ mining: { auto: false } }])
const tx = {
  chainId: 31337,
  to: '0x00000000000000000000000000000000000000a4',
  value: 1n,
  gas: 21_000n,
  maxFeePerGas: 10n ** 10n,
  maxPriorityFeePerGas: 10n ** 9n,
} as const
let url: string
let first: Hex

test.beforeAll(async ({ server }) => {
  url = server.url
  first = await signRaw(url, 0, tx)
  await rpc(url, 'eth_sendRawTransaction', [first])
  await rpc(url, 'evm_mine')
})

const byIndex = (tag: unknown, index: unknown) => rpc(url, 'eth_getRawTransactionByBlockNumberAndIndex', [tag, index])

describe('valid params', () => {
  test('a canonical block by number and by tag → the envelope sent', async () => {
    expect(await byIndex('0x1', '0x0')).toBe(first)
    expect(await byIndex('latest', '0x0')).toBe(first)
  })

  test('the pending block → the envelope of the pooled transaction it would mine', async () => {
    const pooled = await signRaw(url, 1, tx)
    await rpc(url, 'eth_sendRawTransaction', [pooled])
    expect(await byIndex('pending', '0x0')).toBe(pooled)
    await rpc(url, 'evm_mine')
  })

  test('after a reorg the number names the new branch’s block', async () => {
    const replacement = await signRaw(url, 2, tx)
    const hashAtTwo = keccak256((await byIndex('0x2', '0x0')) as Hex)
    await rpc(url, 'sim_reorg', [{ depth: 1, reinclude: 'none', add: [replacement] }])
    expect(await byIndex('0x2', '0x0')).toBe(replacement)
    expect(await rpc(url, 'eth_getRawTransactionByHash', [hashAtTwo])).not.toBeNull()
  })

  test('an index past the block’s transactions, or a block past the head → null', async () => {
    expect(await byIndex('0x1', '0x1')).toBeNull()
    expect(await byIndex('0x99', '0x0')).toBeNull()
  })
})

describe('invalid params', () => {
  const cases: Array<[string, unknown[], RegExp]> = [
    ['an unknown tag → -32602', ['newest', '0x0'], /argument 0: invalid block tag/],
    ['an index with leading zeros → -32602', ['latest', '0x00'], /argument 1: hex number with leading zero digits/],
    ['no params → -32602', [], /missing value for required argument 0/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async () => {
      const error = await rpcError(url, 'eth_getRawTransactionByBlockNumberAndIndex', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})
