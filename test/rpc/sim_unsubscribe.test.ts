import { describe, expect } from 'vitest'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'
import { WsClient } from '../helpers/wsClient.ts'

const test = rpcTestWith([{ mining: { auto: false } }])

/** What a sim_subscribe subscription has been sent so far. */
function notified(client: WsClient, id: string): any[] {
  return client.messages.filter((m) => m.method === 'sim_subscription' && m.params?.subscription === id).map((m) => m.params.result)
}

describe('valid params', () => {
  test('sim_unsubscribe ends it (once), and only on its own connection', async ({ server }) => {
    const client = await WsClient.open(server.wsUrl)
    const other = await WsClient.open(server.wsUrl)
    const { result: id } = await client.call('sim_subscribe', ['chain'])
    // A second subscription on the same connection, left alone: it shows the block below was told.
    const { result: kept } = await client.call('sim_subscribe', ['chain'])
    expect((await other.call('sim_unsubscribe', [id])).result).toBe(false)
    expect((await client.call('sim_unsubscribe', [id])).result).toBe(true)
    expect((await client.call('sim_unsubscribe', [id])).result).toBe(false)
    await rpc(server.url, 'evm_mine')
    await client.settle()
    expect(notified(client, id)).toEqual([])
    const head = await rpc(server.url, 'eth_getBlockByNumber', ['latest', false])
    expect(notified(client, kept)).toMatchObject([{ type: 'block', block: { hash: head.hash } }])
    await client.close()
    await other.close()
  })

  test('an id it never gave, or an eth_subscribe id → false; the eth_subscribe subscription goes on', async ({ server }) => {
    const client = await WsClient.open(server.wsUrl)
    expect((await client.call('sim_unsubscribe', ['0xffffffff'])).result).toBe(false)
    const heads = await client.subscribe('newHeads')
    expect((await client.call('sim_unsubscribe', [heads])).result).toBe(false)
    await rpc(server.url, 'evm_mine')
    await client.settle()
    expect(client.notified(heads)).toHaveLength(1)
    await client.close()
  })
})

describe('invalid params', () => {
  test('over HTTP → -32601, by name', async ({ server }) => {
    expect(await rpcError(server.url, 'sim_unsubscribe', ['0x1'])).toMatchObject({
      code: -32601,
      message: 'notifications not supported: sim_unsubscribe needs a WebSocket connection',
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
      expect((await client.call('sim_unsubscribe', params)).error?.code).toBe(-32602)
      await client.close()
    })
  }
})
