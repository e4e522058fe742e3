import { describe, expect } from 'vitest'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'
import { WsClient } from '../helpers/wsClient.ts'

const test = rpcTestWith([{ mining: { auto: false } }])

type Listed = {
  total: number
  subscriptions: Array<{ id: string; kind: string; criteria: unknown; connection: number | null; client: string | null; createdAt: number; notified: number }>
}

describe('valid params', () => {
  test('each subscription with its kind, criteria, connection, client name and notifications sent', async ({ server }) => {
    const indexer = await WsClient.open(`${server.wsUrl}?client=indexer`)
    const anonymous = await WsClient.open(server.wsUrl)
    const address = `0x${'11'.repeat(20)}`
    const heads = await indexer.subscribe('newHeads')
    const logs = await indexer.subscribe('logs', { address })
    const pending = await anonymous.subscribe('newPendingTransactions')
    await rpc(server.url, 'anvil_mine', [3])
    await indexer.settle()
    const listed = await rpc<Listed>(server.url, 'sim_subscriptions')
    const byId = new Map(listed.subscriptions.map((s) => [s.id, s]))
    expect(byId.get(heads)).toMatchObject({ kind: 'newHeads', criteria: null, client: 'indexer', notified: 3 })
    expect(byId.get(logs)).toMatchObject({ kind: 'logs', criteria: { address: [address], topics: [] }, client: 'indexer', notified: 0 })
    expect(byId.get(pending)).toMatchObject({ kind: 'newPendingTransactions', client: null })
    expect(byId.get(heads)!.connection).toBe(byId.get(logs)!.connection)
    expect(byId.get(heads)!.connection).not.toBe(byId.get(pending)!.connection)
    expect(listed.total).toBe(3)
    await indexer.close()
    await anonymous.close()
  })

  test("a closed connection's subscriptions are gone; pages by id", async ({ server }) => {
    const client = await WsClient.open(server.wsUrl)
    const ids = [await client.subscribe('newHeads'), await client.subscribe('newHeads')]
    const first = await rpc<Listed>(server.url, 'sim_subscriptions', [{ limit: 1 }])
    expect(first.subscriptions.map((s) => s.id)).toEqual([ids[0]])
    expect((await rpc<Listed>(server.url, 'sim_subscriptions', [{ after: ids[0] }])).subscriptions.map((s) => s.id)).toEqual([ids[1]])
    await client.close()
    await expect.poll(async () => (await rpc<Listed>(server.url, 'sim_subscriptions')).total).toBe(0)
  })
})

describe('invalid params', () => {
  const cases: Array<[string, unknown[]]> = [
    ['limit 0 → -32602', [{ limit: 0 }]],
    ['after negative → -32602', [{ after: -1 }]],
    ['not an object → -32602', [5]],
  ]
  for (const [name, params] of cases) {
    test(name, async ({ server }) => {
      expect((await rpcError(server.url, 'sim_subscriptions', params)).code).toBe(-32602)
    })
  }
})
