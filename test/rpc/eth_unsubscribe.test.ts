import { describe, expect } from 'vitest'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'
import { WsClient } from '../helpers/wsClient.ts'

const test = rpcTestWith([{ mining: { auto: false } }])

describe('valid params', () => {
  test('ends the subscription (true, once): no more notifications for it, while another on the connection goes on', async ({ server }) => {
    const client = await WsClient.open(server.wsUrl)
    const ended = await client.subscribe('newHeads')
    const kept = await client.subscribe('newHeads')
    await rpc(server.url, 'evm_mine')
    await client.settle()
    expect(client.notified(ended)).toHaveLength(1)
    expect((await client.call('eth_unsubscribe', [ended])).result).toBe(true)
    expect((await client.call('eth_unsubscribe', [ended])).result).toBe(false)
    await rpc(server.url, 'evm_mine')
    await client.settle()
    expect(client.notified(ended)).toHaveLength(1)
    const heads = client.notified(kept)
    expect(heads).toHaveLength(2)
    expect(heads[1].hash).toBe((await rpc(server.url, 'eth_getBlockByNumber', ['latest', false])).hash)
    await client.close()
  })

  test("only on its own connection: another connection's id → false, and that subscription goes on", async ({ server }) => {
    const owner = await WsClient.open(server.wsUrl)
    const other = await WsClient.open(server.wsUrl)
    const id = await owner.subscribe('newHeads')
    expect((await other.call('eth_unsubscribe', [id])).result).toBe(false)
    await rpc(server.url, 'evm_mine')
    await owner.settle()
    expect(owner.notified(id)).toHaveLength(1)
    await owner.close()
    await other.close()
  })

  test('an id never given → false', async ({ server }) => {
    const client = await WsClient.open(server.wsUrl)
    expect((await client.call('eth_unsubscribe', ['0xffffffffffffffff'])).result).toBe(false)
    await client.close()
  })
})

describe('invalid params', () => {
  test('over HTTP → -32601, by name', async ({ server }) => {
    expect(await rpcError(server.url, 'eth_unsubscribe', ['0x1'])).toMatchObject({
      code: -32601,
      message: 'notifications not supported: eth_unsubscribe needs a WebSocket connection',
    })
  })

  const cases: Array<[string, unknown[]]> = [
    ['an id that is a number → -32602', [1]],
    ['no id → -32602', []],
    ['two arguments → -32602', ['0x1', '0x2']],
  ]
  for (const [name, params] of cases) {
    test(name, async ({ server }) => {
      const client = await WsClient.open(server.wsUrl)
      expect((await client.call('eth_unsubscribe', params)).error?.code).toBe(-32602)
      await client.close()
    })
  }
})
