import type { Hex } from 'viem'
import { describe, expect } from 'vitest'
import { deployTokenViaRpc, devAccount, receiptOf, send, tokenCall, type DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'
import { WsClient } from '../helpers/wsClient.ts'

const test = rpcTestWith([{ mining: { auto: false } }])
let server: DevServer
let token: Hex
test.beforeAll(async ({ server: started }) => {
  server = started
  token = await deployTokenViaRpc(server.url, { mine: true })
})

const [a0, a1] = [devAccount(0).address, devAccount(1).address]

describe('valid params', () => {
  test('newHeads: each mined block, its header as eth_getBlockByNumber answers it', async () => {
    const client = await WsClient.open(server.wsUrl)
    const id = await client.subscribe('newHeads')
    expect(id).toMatch(/^0x[0-9a-f]+$/)
    await rpc(server.url, 'anvil_mine', [2])
    await client.settle()
    const heads = client.notified(id)
    expect(heads).toHaveLength(2)
    for (const head of heads) {
      const block = await rpc(server.url, 'eth_getBlockByHash', [head.hash, false])
      expect(head.number).toBe(block.number)
      expect(head.parentHash).toBe(block.parentHash)
      expect(head.stateRoot).toBe(block.stateRoot)
    }
    expect(heads[1].parentHash).toBe(heads[0].hash)
    await client.close()
  })

  test('logs: the matching logs of each mined block, as the receipts hold them', async () => {
    const client = await WsClient.open(server.wsUrl)
    const id = await client.subscribe('logs', { address: token })
    const hash = await send(server.url, { from: a0, to: token, data: tokenCall('transfer', [a1, 5n]) })
    await send(server.url, { from: a0, to: a1, value: '0x1' })
    await rpc(server.url, 'evm_mine')
    await client.settle()
    expect(client.notified(id)).toEqual((await receiptOf(server.url, hash)).logs)
    await client.close()
  })

  test('newPendingTransactions: hashes as they enter the pool; with true, the transactions', async () => {
    const client = await WsClient.open(server.wsUrl)
    const hashes = await client.subscribe('newPendingTransactions')
    const full = await client.subscribe('newPendingTransactions', true)
    const sent = await send(server.url, { from: a1, to: a0, value: '0x2' })
    await client.settle()
    expect(client.notified(hashes)).toEqual([sent])
    expect(client.notified(full)).toEqual([await rpc(server.url, 'eth_getTransactionByHash', [sent])])
    await rpc(server.url, 'evm_mine')
    await client.close()
  })
})

describe('invalid params', () => {
  test('over HTTP → -32601, by name', async () => {
    expect(await rpcError(server.url, 'eth_subscribe', ['newHeads'])).toMatchObject({
      code: -32601,
      message: 'notifications not supported: eth_subscribe needs a WebSocket connection',
    })
  })

  test("a name it does not serve → -32601 in geth's words", async () => {
    const client = await WsClient.open(server.wsUrl)
    expect((await client.call('eth_subscribe', ['newBlocks'])).error).toEqual({ code: -32601, message: 'no "newBlocks" subscription in eth namespace' })
    await client.close()
  })

  const cases: Array<[string, unknown[], RegExp]> = [
    ['a name that is not a string → -32602', [42], /invalid argument 0/],
    ['no name → -32602', [], /missing value for required argument 0/],
    ['newHeads with a param → -32602', ['newHeads', {}], /too many arguments/],
    ['logs with five topic positions → -32602', ['logs', { topics: [null, null, null, null, null] }], /exceed max topics/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async () => {
      const client = await WsClient.open(server.wsUrl)
      const { error } = await client.call('eth_subscribe', params)
      expect(error?.code).toBe(-32602)
      expect(error?.message).toMatch(message)
      await client.close()
    })
  }
})
