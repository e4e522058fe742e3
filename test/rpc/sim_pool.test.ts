import { describe, expect } from 'vitest'
import { deployEmitterViaRpc, devAccount, emitterCall, hex, nextNonce, send } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'

const test = rpcTestWith([{ mining: { auto: false } }])

describe('valid params', () => {
  test('the pending block in mining order, its logs with null positions, and what waits behind a nonce gap', async ({ server }) => {
    const emitter = (await deployEmitterViaRpc(server.url, { mine: true })) as `0x${string}`
    const from = devAccount(1).address
    const first = await send(server.url, { from, to: emitter, data: emitterCall('emitMany', [2n]) })
    const second = await send(server.url, { from: devAccount(2).address, to: devAccount(3).address, value: '0x1' })
    // Account 4's next nonce is skipped: this one waits.
    const gapped = await send(server.url, {
      from: devAccount(4).address,
      to: devAccount(3).address,
      value: '0x1',
      nonce: hex((await nextNonce(server.url, devAccount(4).address)) + 1),
    })
    const pool = await rpc(server.url, 'sim_pool')
    const pending = await rpc(server.url, 'eth_getBlockByNumber', ['pending', false])
    expect(pool.number).toBe(pending.number)
    expect(pool.transactions.map((t: { hash: string }) => t.hash)).toEqual(pending.transactions)
    expect(new Set(pending.transactions)).toEqual(new Set([first, second]))
    expect(pool).toMatchObject({ pooled: 3, transactionCount: 2, queuedCount: 1 })
    expect(pool.queued.map((t: { hash: string }) => t.hash)).toEqual([gapped])
    const emitting = pool.transactions.find((t: { hash: string }) => t.hash === first)
    expect(emitting.call.name).toBe('emitMany')
    const pendingLogs = await rpc(server.url, 'eth_getLogs', [{ fromBlock: 'pending', toBlock: 'pending' }])
    expect(emitting.logs.map(({ decoded, ...log }: { decoded: unknown }) => log)).toEqual(pendingLogs)
    expect(emitting.logs[0]).toMatchObject({ logIndex: null, blockHash: null, transactionHash: null, decoded: { name: 'Tick' } })
  })

  test('limit caps both lists; an empty pool answers empty lists', async ({ server }) => {
    await rpc(server.url, 'evm_mine')
    expect(await rpc(server.url, 'sim_pool', [{ limit: 1 }])).toMatchObject({ transactionCount: 0, transactions: [], pooled: 1, queuedCount: 1 })
  })
})

describe('invalid params', () => {
  const cases: Array<[string, unknown[]]> = [
    ['limit 0 → -32602', [{ limit: 0 }]],
    ['limit as hex → -32602', [{ limit: '0x1' }]],
    ['an unknown key → -32602', [{ after: 1 }]],
    ['two params → -32602', [{}, {}]],
  ]
  for (const [name, params] of cases) {
    test(name, async ({ server }) => {
      expect((await rpcError(server.url, 'sim_pool', params)).code).toBe(-32602)
    })
  }
})
