import type { EventEmitter } from 'node:events'
import { describe, expect } from 'vitest'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'
import { WsClient, waitFor } from '../helpers/wsClient.ts'

const test = rpcTestWith([{ mining: { auto: false } }])

/** What a sim_subscribe subscription has been sent so far. */
function notified(client: WsClient, id: string): any[] {
  return client.messages.filter((m) => m.method === 'sim_subscription' && m.params?.subscription === id).map((m) => m.params.result)
}

describe('valid params', () => {
  test('chain: every new block, and every reorg, rollback and revert, with what it removed and added', async ({ server }) => {
    const client = await WsClient.open(server.wsUrl)
    const { result: id } = await client.call('sim_subscribe', ['chain'])
    await rpc(server.url, 'anvil_mine', [3])
    const reorg = await rpc(server.url, 'sim_reorg', [{ depth: 2 }])
    await rpc(server.url, 'anvil_rollback', [1])
    await client.settle()
    const events = notified(client, id)
    expect(events).toHaveLength(5)
    const tree = await rpc(server.url, 'sim_forkTree')
    expect(events.slice(0, 3).map((e) => e.type)).toEqual(['block', 'block', 'block'])
    for (const { block } of events.slice(0, 3)) {
      const known = tree.blocks.find((b: { hash: string }) => b.hash === block.hash)
      expect(known).toEqual({ ...block, canonical: known.canonical })
    }
    expect(events[3]).toMatchObject({ type: 'reorg', commonAncestor: reorg.commonAncestor, removed: reorg.removedBlocks })
    expect(events[3].added.map((b: { hash: string }) => b.hash)).toEqual(reorg.addedBlocks)
    // newHeads says nothing when a rollback adds nothing; this does.
    expect(events[4]).toMatchObject({ type: 'reorg', removed: [reorg.addedBlocks.at(-1)], added: [] })
    await client.close()
  })

  test('chain: anvil_reset and anvil_loadState are a reorg back to genesis, then `replaced`; it follows the new chain', async ({ server }) => {
    // From genesis, whatever the tests before left.
    await rpc(server.url, 'anvil_reset')
    const client = await WsClient.open(server.wsUrl)
    const { result: id } = await client.call('sim_subscribe', ['chain'])
    await rpc(server.url, 'anvil_mine', [2])
    const dump = await rpc(server.url, 'anvil_dumpState')
    const dumpedTree = await rpc(server.url, 'sim_forkTree')
    const genesis = await rpc(server.url, 'eth_getBlockByNumber', ['0x0', false])
    await rpc(server.url, 'anvil_reset')
    await client.settle()
    const reset = notified(client, id)
    expect(reset).toHaveLength(4)
    expect(reset[2]).toMatchObject({ type: 'reorg', commonAncestor: { number: '0x0' }, added: [] })
    expect(reset[2].removed).toEqual(reset.slice(0, 2).map((e) => e.block.hash))
    const { head, safe, finalized } = await rpc(server.url, 'sim_network')
    expect(reset[3]).toEqual({ type: 'replaced', head, safe, finalized, top: '0x0' })
    expect(reset[3].head).toEqual({ number: '0x0', hash: genesis.hash })
    // Blocks of the new chain are told once: nothing listens to the old chain any more.
    await rpc(server.url, 'evm_mine')
    await client.settle()
    const mined = notified(client, id)
    expect(mined).toHaveLength(5)
    expect(mined[4]).toMatchObject({ type: 'block', block: { number: '0x1', canonical: true } })
    await rpc(server.url, 'anvil_loadState', [dump])
    await client.settle()
    const loaded = notified(client, id)
    expect(loaded).toHaveLength(7)
    expect(loaded[5]).toMatchObject({ type: 'reorg', removed: [mined[4].block.hash], added: [] })
    expect(loaded[6]).toMatchObject({ type: 'replaced', head: dumpedTree.head, top: '0x2' })
    await rpc(server.url, 'evm_mine')
    await client.settle()
    expect(
      notified(client, id)
        .slice(7)
        .map((e) => [e.type, e.block?.number]),
    ).toEqual([['block', '0x3']])
    await client.close()
  })

  test('chain: any number of subscriptions, on any number of connections, share one listener on the chain', async ({ server }) => {
    const events = server.node.chain.events as unknown as EventEmitter
    const listening = () => [events.listenerCount('blockAdded'), events.listenerCount('reorged')]
    const before = listening()
    const clients = await Promise.all([1, 2, 3].map(() => WsClient.open(server.wsUrl)))
    const ids: Array<[WsClient, string]> = []
    for (const client of clients) for (let i = 0; i < 5; i++) ids.push([client, (await client.call('sim_subscribe', ['chain'])).result])
    expect(listening()).toEqual(before.map((count) => count + 1))
    await rpc(server.url, 'evm_mine')
    for (const client of clients) await client.settle()
    for (const [client, id] of ids) expect(notified(client, id).map((e) => e.type)).toEqual(['block'])
    await Promise.all(clients.map((client) => client.close()))
    await expect.poll(listening).toEqual(before)
  })

  test('requests: every call this network answers, as sim_requests lists it', async ({ server }) => {
    const client = await WsClient.open(server.wsUrl)
    const { result: id } = await client.call('sim_subscribe', ['requests'])
    await rpc(server.url, 'eth_chainId')
    await rpcError(server.url, 'eth_getBalance', ['0x00'])
    // The sim_subscribe call itself is answered after the subscription starts: it comes first.
    const records = await waitFor(
      () => notified(client, id),
      (n) => n.length >= 3,
      'three records',
    )
    const listed = (await rpc(server.url, 'sim_requests', [{ limit: 3 }])).requests
    expect(records.slice(0, 3)).toEqual([...listed].reverse())
    expect(records.map((r) => r.method).slice(0, 3)).toEqual(['sim_subscribe', 'eth_chainId', 'eth_getBalance'])
    await client.close()
  })
})

describe('invalid params', () => {
  test('over HTTP → -32601, as eth_subscribe', async ({ server }) => {
    expect((await rpcError(server.url, 'sim_subscribe', ['chain'])).code).toBe(-32601)
  })

  test('over HTTP, every WebSocket-only method is refused by name before its params are looked at', async ({ server }) => {
    for (const method of ['eth_subscribe', 'eth_unsubscribe', 'sim_subscribe', 'sim_unsubscribe']) {
      expect(await rpcError(server.url, method, [42, 'not', 'params'])).toMatchObject({
        code: -32601,
        message: `notifications not supported: ${method} needs a WebSocket connection`,
      })
    }
  })

  const cases: Array<[string, string, unknown[]]> = [
    ['an unknown kind → -32602', 'sim_subscribe', ['newHeads']],
    ['no kind → -32602', 'sim_subscribe', []],
    ['a second param → -32602', 'sim_subscribe', ['chain', {}]],
  ]
  for (const [name, method, params] of cases) {
    test(name, async ({ server }) => {
      const client = await WsClient.open(server.wsUrl)
      expect((await client.call(method, params)).error?.code).toBe(-32602)
      await client.close()
    })
  }
})
