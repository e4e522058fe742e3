import type { Hex } from 'viem'
import { describe, expect } from 'vitest'
import { devAccount, send } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'

const test = rpcTestWith([{ mining: { auto: false } }])
const alice = devAccount(0).address.toLowerCase() as Hex
const bob = devAccount(1).address.toLowerCase() as Hex

describe('valid params', () => {
  test("drops every pooled transaction of the sender, and no one else's; null", async ({ server }) => {
    await send(server.url, { from: alice, to: bob, value: '0x1' })
    await send(server.url, { from: alice, to: bob, value: '0x2' })
    const kept = await send(server.url, { from: bob, to: alice, value: '0x3' })
    expect(await rpc(server.url, 'anvil_removePoolTransactions', [alice])).toBeNull()
    const content = await rpc(server.url, 'txpool_content')
    expect(Object.keys(content.pending).map((a) => a.toLowerCase())).toEqual([bob])
    expect(await rpc(server.url, 'eth_getTransactionByHash', [kept])).not.toBeNull()
    expect(await rpc(server.url, 'txpool_status')).toEqual({ pending: '0x1', queued: '0x0' })
  })

  test('a sender with nothing pooled: null, the pool unchanged', async ({ server }) => {
    const before = await rpc(server.url, 'txpool_status')
    expect(await rpc(server.url, 'anvil_removePoolTransactions', ['0x00000000000000000000000000000000000f00d1'])).toBeNull()
    expect(await rpc(server.url, 'txpool_status')).toEqual(before)
  })
})

describe('invalid params', () => {
  const cases: Array<[string, unknown[], RegExp]> = [
    ['no address → -32602', [], /missing value for required argument 0/],
    ['a short address → -32602', ['0x1234'], /invalid argument 0/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async ({ server }) => {
      const error = await rpcError(server.url, 'anvil_removePoolTransactions', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})
