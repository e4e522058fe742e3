import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { WebSocket } from 'ws'
import { parseConfig } from '../../src/config/loadConfig.ts'
import { TooManyFilters } from '../../src/filters/errors.ts'
import { DEFAULT_PROFILE } from '../../src/rpc/providers/providerProfile.ts'
import { ChainNode } from '../../src/node.ts'
import { createDispatcher } from '../../src/rpc/dispatcher.ts'
import { createMethodTable } from '../../src/rpc/methodTable.ts'
import { nodeOptionsFor } from '../../src/network.ts'
import { startServer } from '../../src/server.ts'
import type { RunningServer } from '../../src/server.ts'

let server: RunningServer
let wsUrl: string

beforeAll(async () => {
  server = await startServer(parseConfig({ networks: [{ name: 'dev', chainId: 31337, port: 0 }] }), {
    port: 0,
    createNode: (network) => ChainNode.create({ ...nodeOptionsFor(network), maxSubscriptionsPerConnection: 2 }),
  })
  wsUrl = `${server.networks[0]!.wsUrl}/ws/v3/test`
})
afterAll(() => server.close())

function connect(): Promise<{ call(method: string, params: unknown[]): Promise<any>; close(): void }> {
  const socket = new WebSocket(wsUrl)
  let id = 0
  const waiting = new Map<number, (answer: any) => void>()
  socket.on('message', (data) => {
    const message = JSON.parse(String(data))
    if (message.id !== undefined) waiting.get(message.id)?.(message)
  })
  return new Promise((resolve, reject) => {
    socket.once('error', reject)
    socket.once('open', () =>
      resolve({
        call: (method, params) =>
          new Promise((answer) => {
            const requestId = ++id
            waiting.set(requestId, answer)
            socket.send(JSON.stringify({ jsonrpc: '2.0', id: requestId, method, params }))
          }),
        close: () => socket.close(),
      }),
    )
  })
}

describe('subscriptions per connection', () => {
  test('past the limit → -32005, other connections unaffected, and unsubscribing frees a place', async () => {
    const first = await connect()
    const a = await first.call('eth_subscribe', ['newHeads'])
    await first.call('eth_subscribe', ['newHeads'])
    const refused = await first.call('eth_subscribe', ['newHeads'])
    expect(refused.error).toMatchObject({ code: -32005, message: expect.stringMatching(/at most 2 per connection/) })
    const second = await connect()
    expect((await second.call('eth_subscribe', ['newHeads'])).result).toMatch(/^0x/)
    expect((await first.call('eth_unsubscribe', [a.result])).result).toBe(true)
    expect((await first.call('eth_subscribe', ['newHeads'])).result).toMatch(/^0x/)
    first.close()
    second.close()
  })
})

describe('filters per network and pool size', () => {
  test('past the filter limit → -32005; uninstalling frees a place', async () => {
    const node = await ChainNode.create({ maxFilters: 2 })
    const rpc = createDispatcher(createMethodTable({ node, profile: DEFAULT_PROFILE, clientVersion: 'test' }))
    const call = (method: string) => rpc.handle({ jsonrpc: '2.0', id: 1, method, params: [] }, { transport: 'http' })
    const first = node.filters.newBlockFilter()
    node.filters.newPendingTransactionFilter()
    expect(() => node.filters.newBlockFilter()).toThrow(TooManyFilters)
    expect(await call('eth_newBlockFilter')).toMatchObject({ error: { code: -32005, message: expect.stringContaining('too many filters') } })
    node.filters.uninstall(first)
    expect(node.filters.newBlockFilter()).toMatch(/^0x/)
    await node.close()
  })

  test('expired filters make room before the limit is enforced', async () => {
    let now = 0
    const node = await ChainNode.create({ maxFilters: 1, filterTimeoutMs: 100, filterClock: () => now })
    node.filters.newBlockFilter()
    now = 200
    expect(node.filters.newBlockFilter()).toMatch(/^0x/)
    await node.close()
  })

  test('a full pool refuses new transactions and leaves the chain as it was', async () => {
    const node = await ChainNode.create({ mining: { auto: false }, maxPoolSize: 2 })
    const to = node.accounts[5]!.address
    await node.sendTransaction({ from: node.accounts[0]!.address, to, value: 1n })
    await node.sendTransaction({ from: node.accounts[1]!.address, to, value: 1n })
    const head = node.head.hashKey
    await expect(node.sendTransaction({ from: node.accounts[2]!.address, to, value: 1n })).rejects.toThrow(/txpool is full/)
    expect(node.pooledTransactions).toHaveLength(2)
    expect(node.head.hashKey).toBe(head)
    await node.close()
  })
})
