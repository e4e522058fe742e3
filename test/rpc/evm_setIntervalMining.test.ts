import { describe, expect, vi } from 'vitest'
import type { DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'

// `yardstick` mines on the same interval beside `dev`: its blocks tell how many `dev` would have mined.
const test = rpcTestWith([{ mining: { auto: false } }, { name: 'yardstick', mining: { auto: false } }])
let server: DevServer
let url: string
let yardstick: string
test.beforeAll(async ({ server: started }) => {
  server = started
  url = server.url
  yardstick = server.networks['yardstick']!.url
})

const headOf = async (target: string) => BigInt(await rpc(target, 'eth_blockNumber'))
const head = () => headOf(url)

describe('valid params', () => {
  test('an interval in ms → answered true; blocks then come by themselves', async () => {
    expect(await rpc(url, 'evm_setIntervalMining', [50])).toBe(true)
    const start = await head()
    await vi.waitFor(async () => expect(await head()).toBeGreaterThanOrEqual(start + 2n), { timeout: 5_000, interval: 20 })
  })

  test('0 stops interval mining (hex accepted)', async () => {
    expect(await rpc(yardstick, 'evm_setIntervalMining', [50])).toBe(true)
    expect(await rpc(url, 'evm_setIntervalMining', ['0x0'])).toBe(true)
    const stopped = await head()
    const yardstickStart = await headOf(yardstick)
    try {
      // Ten intervals, counted by the network still mining at the same interval in the same process.
      await vi.waitFor(async () => expect(await headOf(yardstick)).toBeGreaterThanOrEqual(yardstickStart + 10n), { timeout: 10_000, interval: 20 })
    } finally {
      await rpc(yardstick, 'evm_setIntervalMining', [0])
    }
    // Only a block already being mined at the stop may still land.
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
