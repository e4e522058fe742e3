import { describe, expect } from 'vitest'
import { deployEmitterViaRpc, devAccount, emitterCall, send } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'

const test = rpcTestWith([{ mining: { auto: true } }])

type Listed = {
  total: number
  filters: Array<{
    id: string
    kind: string
    criteria: Record<string, unknown> | null
    installedAt: number
    lastPolledAt: number
    expiresAt: number
    waiting: number
  }>
}

describe('valid params', () => {
  test('what waits for a filter is what its next poll returns, through reorgs too; listing is not a poll', async ({ server }) => {
    const emitter = (await deployEmitterViaRpc(server.url)) as `0x${string}`
    const logFilter = await rpc(server.url, 'eth_newFilter', [{ address: emitter }])
    const blockFilter = await rpc(server.url, 'eth_newBlockFilter')
    const pendingFilter = await rpc(server.url, 'eth_newPendingTransactionFilter')
    for (const n of [2n, 3n]) await send(server.url, { from: devAccount(0).address, to: emitter, data: emitterCall('emitMany', [n]) })
    await rpc(server.url, 'sim_reorg', [{ depth: 1 }])
    const listed = await rpc<Listed>(server.url, 'sim_filters')
    const again = await rpc<Listed>(server.url, 'sim_filters')
    expect(again).toEqual(listed)
    const byId = new Map(listed.filters.map((f) => [f.id, f]))
    expect(byId.get(logFilter)).toMatchObject({ kind: 'log', criteria: { fromBlock: 'latest', toBlock: 'latest', address: [emitter], topics: [] } })
    expect(byId.get(blockFilter)).toMatchObject({ kind: 'block', criteria: null })
    for (const id of [logFilter, blockFilter, pendingFilter]) {
      const waiting = byId.get(id)!.waiting
      expect(waiting).toBeGreaterThan(0)
      expect(await rpc<unknown[]>(server.url, 'eth_getFilterChanges', [id])).toHaveLength(waiting)
    }
    const polled = await rpc<Listed>(server.url, 'sim_filters')
    for (const filter of polled.filters) {
      expect(filter.waiting).toBe(0)
      expect(filter.lastPolledAt).toBeGreaterThanOrEqual(byId.get(filter.id)!.lastPolledAt)
      expect(filter.expiresAt - filter.lastPolledAt).toBe(300_000)
    }
  })

  test("after anvil_reset and anvil_loadState too: the old chain's logs removed, the new one's added", async ({ server }) => {
    const emitter = (await deployEmitterViaRpc(server.url)) as `0x${string}`
    await send(server.url, { from: devAccount(0).address, to: emitter, data: emitterCall('emitMany', [2n]) })
    const dump = await rpc(server.url, 'anvil_dumpState')
    const logFilter = await rpc(server.url, 'eth_newFilter', [{ address: emitter }])
    const blockFilter = await rpc(server.url, 'eth_newBlockFilter')
    await send(server.url, { from: devAccount(0).address, to: emitter, data: emitterCall('emitMany', [3n]) })
    await rpc(server.url, 'anvil_reset')
    await rpc(server.url, 'anvil_loadState', [dump])
    const byId = new Map((await rpc<Listed>(server.url, 'sim_filters')).filters.map((f) => [f.id, f.waiting]))
    for (const id of [logFilter, blockFilter]) {
      expect(byId.get(id)).toBeGreaterThan(0)
      expect(await rpc<unknown[]>(server.url, 'eth_getFilterChanges', [id])).toHaveLength(byId.get(id)!)
    }
  })

  test('pages by id: after and limit', async ({ server }) => {
    const all = await rpc<Listed>(server.url, 'sim_filters')
    const first = await rpc<Listed>(server.url, 'sim_filters', [{ limit: 1 }])
    const rest = await rpc<Listed>(server.url, 'sim_filters', [{ after: first.filters[0]!.id }])
    expect([...first.filters, ...rest.filters].map((f) => f.id)).toEqual(all.filters.map((f) => f.id))
    expect(all.total).toBe(all.filters.length)
  })
})

describe('invalid params', () => {
  const cases: Array<[string, unknown[]]> = [
    ['limit past 1000 → -32602', [{ limit: 1001 }]],
    ['after that is not a number → -32602', [{ after: 'first' }]],
    ['an unknown key → -32602', [{ before: 1 }]],
  ]
  for (const [name, params] of cases) {
    test(name, async ({ server }) => {
      expect((await rpcError(server.url, 'sim_filters', params)).code).toBe(-32602)
    })
  }
})
