import { describe, expect } from 'vitest'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'
import { WsClient } from '../helpers/wsClient.ts'

const test = rpcTestWith([{ name: 'dev', chainId: 31337, mining: { auto: false }, finality: { safeDepth: 1, finalizedDepth: 2 } }])

describe('valid params', () => {
  test('name, chain id, tags, mining mode and what the network holds', async ({ server }) => {
    await rpc(server.url, 'anvil_mine', [4])
    await rpc(server.url, 'sim_reorg', [{ depth: 1 }])
    await rpc(server.url, 'eth_newBlockFilter')
    const client = await WsClient.open(server.wsUrl)
    await client.subscribe('newHeads')
    const info = await rpc(server.url, 'sim_network')
    const block = (tag: string) => rpc(server.url, 'eth_getBlockByNumber', [tag, false])
    expect(info).toMatchObject({
      name: 'dev',
      chainId: '0x7a69',
      head: { number: (await block('latest')).number, hash: (await block('latest')).hash },
      safe: { number: (await block('safe')).number },
      finalized: { number: (await block('finalized')).number },
      mining: { automine: false, intervalMs: null },
      finality: { safeDepth: 1, finalizedDepth: 2 },
      reorgs: 1,
      pool: 0,
      filters: 1,
      subscriptions: 1,
      faults: [],
      scenario: false,
    })
    expect(info.top).toBe(info.head.number)
    expect(info.requests).toBe(4)
    await rpc(server.url, 'evm_setAutomine', [true])
    expect((await rpc(server.url, 'sim_network')).mining).toEqual({ automine: true, intervalMs: null })
    await client.close()
  })
})

describe('invalid params', () => {
  test('any param → -32602', async ({ server }) => {
    expect((await rpcError(server.url, 'sim_network', [{}])).code).toBe(-32602)
  })
})
