import { describe, expect } from 'vitest'
import type { DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTest } from '../helpers/rpcTest.ts'

const test = rpcTest
let server: DevServer
let url: string
test.beforeAll(async ({ server: started }) => {
  server = started
  url = server.url
})

const latestTimestamp = async () => BigInt((await rpc(url, 'eth_getBlockByNumber', ['latest', false])).timestamp)

describe('valid params', () => {
  test('answers the total offset as a hex quantity, adding up across calls', async () => {
    expect(await rpc(url, 'evm_increaseTime', [3600])).toBe('0xe10')
    expect(await rpc(url, 'evm_increaseTime', ['0xe10'])).toBe('0x1c20')
  })

  test('the next blocks are that much later than the wall clock', async () => {
    const before = await latestTimestamp()
    await rpc(url, 'evm_mine')
    const after = await latestTimestamp()
    // 7,200 s of offset; the wall clock moves a few seconds at most during the test.
    expect(after - before).toBeGreaterThanOrEqual(7_200n)
    expect(after - before).toBeLessThan(7_200n + 60n)
    expect(after - BigInt(Math.floor(Date.now() / 1000))).toBeGreaterThanOrEqual(7_199n)
  })
})

describe('invalid params', () => {
  const cases: Array<[string, unknown[], RegExp]> = [
    ['a decimal string → -32602', ['3600'], /argument 0/],
    ['a negative number → -32602', [-60], /argument 0/],
    ['no params → -32602', [], /missing value for required argument 0/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async () => {
      const error = await rpcError(url, 'evm_increaseTime', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})
