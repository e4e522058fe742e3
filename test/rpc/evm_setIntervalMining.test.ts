import { describe, expect, vi } from 'vitest'
import type { DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'

const test = rpcTestWith([{ mining: { auto: false } }])
let server: DevServer
let url: string
test.beforeAll(async ({ server: started }) => {
  server = started
  url = server.url
})

const head = async () => BigInt(await rpc(url, 'eth_blockNumber'))

describe('valid params', () => {
  test('an interval in ms → answered true; blocks then come by themselves', async () => {
    expect(await rpc(url, 'evm_setIntervalMining', [50])).toBe(true)
    const start = await head()
    await vi.waitFor(async () => expect(await head()).toBeGreaterThanOrEqual(start + 2n), { timeout: 5_000, interval: 20 })
  })

  test('0 stops interval mining (hex accepted)', async () => {
    expect(await rpc(url, 'evm_setIntervalMining', ['0x0'])).toBe(true)
    const stopped = await head()
    await new Promise((resolve) => setTimeout(resolve, 500))
    // At 50 ms about ten blocks would have come; only one already being mined at the stop may still land.
    expect(await head()).toBeLessThanOrEqual(stopped + 1n)
  })
})

describe('invalid params', () => {
  const cases: Array<[string, unknown[], RegExp]> = [
    ['a string that is not hex → -32602', ['fast'], /argument 0/],
    ['a negative number → -32602', [-1], /argument 0/],
    ['no params → -32602', [], /missing value for required argument 0/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async () => {
      const error = await rpcError(url, 'evm_setIntervalMining', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})
