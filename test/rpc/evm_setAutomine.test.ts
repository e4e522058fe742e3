import { describe, expect } from 'vitest'
import { devAccount, send, type DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTest } from '../helpers/rpcTest.ts'

const test = rpcTest
let server: DevServer
let url: string
test.beforeAll(async ({ server: started }) => {
  server = started
  url = server.url
})

const transfer = () => send(url, { from: devAccount(0).address, to: devAccount(1).address, value: '0x1' })

describe('valid params', () => {
  test('false → answered true; transactions then wait in the pool', async () => {
    expect(await rpc(url, 'evm_setAutomine', [false])).toBe(true)
    const before = await rpc(url, 'eth_blockNumber')
    const hash = await transfer()
    expect(await rpc(url, 'eth_blockNumber')).toBe(before)
    expect(await rpc(url, 'eth_getTransactionReceipt', [hash])).toBeNull()
  })

  test('true → what waits is mined, and each new transaction gets its block', async () => {
    const waiting = (await rpc(url, 'eth_getBlockByNumber', ['pending', false])).transactions
    expect(waiting).toHaveLength(1)
    expect(await rpc(url, 'evm_setAutomine', [true])).toBe(true)
    expect(await rpc(url, 'eth_getTransactionReceipt', [waiting[0]])).not.toBeNull()
    const before = BigInt(await rpc(url, 'eth_blockNumber'))
    const hash = await transfer()
    expect((await rpc(url, 'eth_getTransactionReceipt', [hash])).blockNumber).toBe(`0x${(before + 1n).toString(16)}`)
  })
})

describe('invalid params', () => {
  const cases: Array<[string, unknown[], RegExp]> = [
    ['a string → -32602', ['true'], /argument 0: expected boolean/],
    ['a number → -32602', [1], /argument 0: expected boolean/],
    ['no params → -32602', [], /missing value for required argument 0/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async () => {
      const error = await rpcError(url, 'evm_setAutomine', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})
