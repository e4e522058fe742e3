import { describe, expect } from 'vitest'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTest as test } from '../helpers/rpcTest.ts'

const latestTimestamp = async (url: string) => BigInt((await rpc(url, 'eth_getBlockByNumber', ['latest', false])).timestamp)
const nowSeconds = () => Math.floor(Date.now() / 1000)

describe('valid params', () => {
  test('the next block is stamped with the time set; answers the seconds it moved forward, a JSON number', async ({ server }) => {
    const target = nowSeconds() + 86_400
    const moved = await rpc(server.url, 'anvil_setTime', [target])
    expect(typeof moved).toBe('number')
    expect(moved).toBeGreaterThan(86_400 - 60)
    expect(moved).toBeLessThanOrEqual(86_400)
    await rpc(server.url, 'evm_mine')
    const stamped = await latestTimestamp(server.url)
    expect(stamped).toBeGreaterThanOrEqual(BigInt(target))
    expect(stamped).toBeLessThan(BigInt(target) + 5n)
  })

  test('the clock runs on from the time set', async ({ server }) => {
    const target = nowSeconds() + 2 * 86_400
    await rpc(server.url, 'evm_setTime', ['0x' + target.toString(16)])
    await rpc(server.url, 'evm_increaseTime', [100])
    await rpc(server.url, 'evm_mine')
    const stamped = await latestTimestamp(server.url)
    expect(stamped).toBeGreaterThanOrEqual(BigInt(target + 100))
    expect(stamped).toBeLessThan(BigInt(target + 105))
  })

  test('a time before the head answers 0; blocks stay a second after their parent', async ({ server }) => {
    const head = await latestTimestamp(server.url)
    expect(await rpc(server.url, 'anvil_setTime', [Number(head) - 3600])).toBe(0)
    await rpc(server.url, 'evm_mine')
    expect(await latestTimestamp(server.url)).toBe(head + 1n)
  })
})

describe('invalid params', () => {
  const cases: Array<[string, unknown[], RegExp]> = [
    ['no params → -32602', [], /missing value for required argument 0/],
    ['a decimal string → -32602', ['1800000000'], /invalid argument 0/],
    ['a negative number → -32602', [-1], /invalid argument 0/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async ({ server }) => {
      const error = await rpcError(server.url, 'anvil_setTime', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})
