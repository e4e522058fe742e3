import { describe, expect } from 'vitest'
import { devAccount, send, signRaw, type DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'

const test = rpcTestWith([{ mining: { auto: false } }])
let server: DevServer
test.beforeAll(async ({ server: started }) => {
  server = started
})

const GWEI = 10n ** 9n

describe('valid params', () => {
  test("one sender's pending and queued transactions by decimal nonce, the same entries txpool_content lists for it", async () => {
    const [alice, bob] = [devAccount(0).address, devAccount(1).address]
    const sent = await send(server.url, { from: alice, to: bob, value: '0x1' })
    await send(server.url, { from: bob, to: alice, value: '0x2' })
    const gapped = await signRaw(server.url, 0, { to: bob, value: 3n, nonce: 3, gas: 21_000n, maxFeePerGas: 10n * GWEI, chainId: 31337 })
    const waiting = await rpc(server.url, 'eth_sendRawTransaction', [gapped])

    const own = await rpc(server.url, 'txpool_contentFrom', [alice])
    expect(Object.keys(own.pending)).toEqual(['0'])
    expect(Object.keys(own.queued)).toEqual(['3'])
    expect(own.pending['0']).toEqual(await rpc(server.url, 'eth_getTransactionByHash', [sent]))
    expect(own.queued['3'].hash).toBe(waiting)
    const all = await rpc(server.url, 'txpool_content')
    const listed = (group: Record<string, unknown>) => Object.entries(group).find(([sender]) => sender.toLowerCase() === alice.toLowerCase())?.[1]
    expect(own).toEqual({ pending: listed(all.pending), queued: listed(all.queued) })
  })

  test('the address written in any case is the same sender; one with nothing pooled → empty', async () => {
    const alice = devAccount(0).address
    expect(await rpc(server.url, 'txpool_contentFrom', [alice.toUpperCase().replace('0X', '0x')])).toEqual(
      await rpc(server.url, 'txpool_contentFrom', [alice.toLowerCase()]),
    )
    expect(await rpc(server.url, 'txpool_contentFrom', ['0x00000000000000000000000000000000000f00d2'])).toEqual({ pending: {}, queued: {} })
  })
})

describe('invalid params', () => {
  const cases: Array<[string, unknown[], RegExp]> = [
    ['no address → -32602', [], /missing value for required argument 0/],
    ['a short address → -32602', ['0x1234'], /invalid argument 0/],
    ['two arguments → -32602', [devAccount(0).address, 'pending'], /too many arguments for txpool_contentFrom/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async () => {
      const error = await rpcError(server.url, 'txpool_contentFrom', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})
