import { createPublicClient, createTestClient, http, rpcSchema, webSocket, type Hex, type Log } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ChainsimToken } from '../../src/contracts/index.ts'
import type { ChainsimRpcSchema, SimReorgReturnType } from '../../src/testing/index.ts'
import { startChainsim, type Chainsim, type ChainsimNetwork } from '../../src/testing/index.ts'
import { deployTokenViaRpc, devAccount, hex, receiptOf, send, tokenCall } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { waitFor, WsClient } from '../helpers/wsClient.ts'
import { expectEach } from '../helpers/expectEach.ts'

/**
 * Real clients over real sockets: viem's watchContractEvent (HTTP polling and WebSocket subscriptions)
 * through reorgs and filter expiry, raw `ws` eth_subscribe, and viem's test client in anvil mode.
 */

type WireLog = { blockHash: Hex; blockNumber: Hex; transactionHash: Hex; logIndex: Hex; transactionIndex: Hex; removed: boolean } & Record<string, unknown>
type TransferLog = Log<bigint, number, boolean, undefined, true, typeof ChainsimToken.abi, 'Transfer'>

const FILTER_TIMEOUT_MS = 60_000
const [a0, a1, a2] = [0, 1, 2].map((i) => devAccount(i).address) as [Hex, Hex, Hex]

let chainsim: Chainsim
/** The filter-expiry clock, moved by the test. */
let now = 0
/** One network per scenario, so filter and subscription counts belong to one test each. */
let poll: ChainsimNetwork
let socketNet: ChainsimNetwork
let raw: ChainsimNetwork
let manual: ChainsimNetwork
let testNet: ChainsimNetwork
let pollToken: Hex
let socketToken: Hex
let rawToken: Hex

beforeAll(async () => {
  chainsim = await startChainsim({
    networks: [
      { name: 'poll', filterTimeoutMs: FILTER_TIMEOUT_MS },
      { name: 'socket', filterTimeoutMs: FILTER_TIMEOUT_MS },
      { name: 'raw' },
      { name: 'manual', mining: { auto: false } },
      { name: 'testclient' },
    ],
    nodeOptions: { filterClock: () => now },
  })
  const network = (name: string) => chainsim.networks[name]!
  ;[poll, socketNet, raw, manual, testNet] = [network('poll'), network('socket'), network('raw'), network('manual'), network('testclient')]
  ;[pollToken, socketToken, rawToken] = await Promise.all([deployTokenViaRpc(poll.url), deployTokenViaRpc(socketNet.url), deployTokenViaRpc(raw.url)])
})

afterAll(() => chainsim?.close())

const transfer = (url: string, token: Hex, to: Hex, amount: bigint) => send(url, { from: a0, to: token, data: tokenCall('transfer', [to, amount]) })

describe('viem watchContractEvent, polling over HTTP', () => {
  test('sees a transfer, then the removed log after sim_reorg, then carries on after its filter expired', async () => {
    const client = createPublicClient({ transport: http(poll.url), rpcSchema: rpcSchema<ChainsimRpcSchema>() })
    const logs: TransferLog[] = []
    const errors: Error[] = []
    const unwatch = client.watchContractEvent({
      address: pollToken,
      abi: ChainsimToken.abi,
      eventName: 'Transfer',
      poll: true,
      pollingInterval: 20,
      onLogs: (batch) => logs.push(...(batch as TransferLog[])),
      onError: (error) => errors.push(error),
    })
    try {
      // Its first poll installs the filter; only what happens after that is reported.
      await waitFor(
        () => poll.node.filters.size,
        (n) => n === 1,
        'viem to install its filter',
      )
      const first = await transfer(poll.url, pollToken, a1, 5n)
      await waitFor(
        () => logs.length,
        (n) => n >= 1,
        'the transfer',
      )
      expect(logs[0]).toMatchObject({ eventName: 'Transfer', args: { from: a0, to: a1, value: 5n }, transactionHash: first, removed: false })
      const receipt = await receiptOf(poll.url, first)
      expect(logs[0]!.blockHash).toBe(receipt.blockHash)

      const result = await client.request({ method: 'sim_reorg', params: [{ depth: 1 }] })
      expect(result.removedBlocks).toEqual([receipt.blockHash])
      await waitFor(
        () => logs.length,
        (n) => n >= 3,
        'the removed log and its re-mined form',
      )
      const [removed, remined] = logs.slice(1)
      // The removed log is the original, field for field, with removed: true.
      expect({ ...removed, removed: false }).toEqual(logs[0])
      expect(removed!.removed).toBe(true)
      expect(remined).toMatchObject({ transactionHash: first, removed: false, args: { value: 5n } })
      expect(result.addedBlocks).toContain(remined!.blockHash)
      expect(errors).toEqual([])

      // Its filter expires: the next poll gets -32000 and viem installs a new filter.
      now += FILTER_TIMEOUT_MS + 1
      await waitFor(
        () => errors.length,
        (n) => n >= 1,
        'viem to see the expired filter',
      )
      expect(errors[0]).toMatchObject({ name: 'InvalidInputRpcError', code: -32000 })
      expect(errors[0]!.message).toMatch(/filter not found/)
      await waitFor(
        () => poll.node.filters.size,
        (n) => n === 1,
        'viem to re-install its filter',
      )
      const later = await transfer(poll.url, pollToken, a2, 6n)
      await waitFor(
        () => logs.length,
        (n) => n >= 4,
        'the transfer after expiry',
      )
      expect(logs[3]).toMatchObject({ transactionHash: later, removed: false, args: { from: a0, to: a2, value: 6n } })
      expect(errors).toHaveLength(1)
    } finally {
      unwatch()
    }
  })
})

describe('viem watchContractEvent over WebSocket (eth_subscribe logs)', () => {
  test('sees a transfer, then the removed log after a reorg', async () => {
    const before = socketNet.node.subscriptions.size
    const transport = webSocket(socketNet.wsUrl, { reconnect: false })
    const client = createPublicClient({ transport, rpcSchema: rpcSchema<ChainsimRpcSchema>() })
    const logs: TransferLog[] = []
    const errors: Error[] = []
    const unwatch = client.watchContractEvent({
      address: socketToken,
      abi: ChainsimToken.abi,
      eventName: 'Transfer',
      onLogs: (batch) => logs.push(...(batch as TransferLog[])),
      onError: (error) => errors.push(error),
    })
    try {
      await waitFor(
        () => socketNet.node.subscriptions.size,
        (n) => n === before + 1,
        'viem to subscribe',
      )
      // No filter: WebSocket mode uses eth_subscribe.
      expect(socketNet.node.filters.size).toBe(0)
      const first = await transfer(socketNet.url, socketToken, a1, 7n)
      // Sent over HTTP; sim_settle's answer on viem's socket comes behind the notification.
      await client.request({ method: 'sim_settle' })
      expect(logs).toHaveLength(1)
      expect(logs[0]).toMatchObject({ eventName: 'Transfer', args: { from: a0, to: a1, value: 7n }, transactionHash: first, removed: false })

      // Over the subscription's own socket, the answer comes behind the notifications the reorg caused.
      const result = await client.request({ method: 'sim_reorg', params: [{ depth: 1 }] })
      expect(logs).toHaveLength(3)
      expect({ ...logs[1], removed: false }).toEqual(logs[0])
      expect(logs[1]!.removed).toBe(true)
      expect(logs[2]).toMatchObject({ transactionHash: first, removed: false })
      expect(result.addedBlocks).toContain(logs[2]!.blockHash)
      expect(errors).toEqual([])
    } finally {
      unwatch()
    }
    // unwatch sends eth_unsubscribe.
    await waitFor(
      () => socketNet.node.subscriptions.size,
      (n) => n === before,
      'the subscription to end',
    )
    ;(await client.transport.getRpcClient()).close()
  })
})

describe('eth_subscribe over raw ws', () => {
  test('logs: the transfers, then on a reorg the removed logs (original fields, oldest first), then the new branch', async () => {
    const ws = await WsClient.open(raw.wsUrl)
    try {
      const id = await ws.subscribe('logs', { address: rawToken })
      const sent = [await transfer(raw.url, rawToken, a1, 1n), await transfer(raw.url, rawToken, a1, 2n), await transfer(raw.url, rawToken, a2, 3n)]
      await ws.settle()
      const seen = ws.notified<WireLog>(id)
      expect(seen.map((l) => l.transactionHash)).toEqual(sent)
      for (const [i, hash] of sent.entries()) expect(seen[i]).toEqual((await receiptOf(raw.url, hash)).logs[0])

      const result = await rpc<SimReorgReturnType>(raw.url, 'sim_reorg', [{ depth: 2 }])
      const added = Number(result.addedLogs)
      expect(result.removedLogs).toBe('0x2')
      await ws.settle()
      const all = ws.notified<WireLog>(id)
      expect(all).toHaveLength(3 + 2 + added)
      const removed = all.slice(3, 5)
      expect(removed).toEqual(seen.slice(1).map((l) => ({ ...l, removed: true })))
      const remined = all.slice(5)
      const firstNew = BigInt(result.commonAncestor.number) + 1n
      expect(remined).toEqual(await rpc(raw.url, 'eth_getLogs', [{ address: rawToken, fromBlock: hex(firstNew) }]))
      expectEach(remined, (log, label) => {
        expect(log.removed, label).toBe(false)
        expect(result.addedBlocks, label).toContain(log.blockHash)
      })
      // Nothing else was sent: the next transfer's log is the next notification.
      const next = await transfer(raw.url, rawToken, a1, 4n)
      await ws.settle()
      const final = ws.notified<WireLog>(id)
      expect(final).toHaveLength(3 + 2 + added + 1)
      expect(final.at(-1)!.transactionHash).toBe(next)
    } finally {
      await ws.close()
    }
  })

  test('logs: evm_revert and anvil_rollback announce the removed logs too', async () => {
    const ws = await WsClient.open(raw.wsUrl)
    try {
      const id = await ws.subscribe('logs', { address: rawToken })
      const snapshot = await rpc<Hex>(raw.url, 'evm_snapshot')
      await transfer(raw.url, rawToken, a1, 8n)
      await transfer(raw.url, rawToken, a2, 9n)
      await ws.settle()
      const seen = ws.notified<WireLog>(id)
      expect(seen).toHaveLength(2)
      expect(await rpc(raw.url, 'evm_revert', [snapshot])).toBe(true)
      await ws.settle()
      const reverted = ws.notified<WireLog>(id)
      expect(reverted).toHaveLength(4)
      expect(reverted.slice(2)).toEqual(seen.map((l) => ({ ...l, removed: true })))
      await transfer(raw.url, rawToken, a1, 10n)
      await ws.settle()
      const [mined] = ws.notified<WireLog>(id).slice(4)
      expect(await rpc(raw.url, 'anvil_rollback', [1])).toBeNull()
      await ws.settle()
      const all = ws.notified<WireLog>(id)
      expect(all).toHaveLength(6)
      expect(all[5]).toEqual({ ...mined, removed: true })
    } finally {
      await ws.close()
    }
  })

  test('newHeads: each mined block, and every block of the new branch after a reorg', async () => {
    const ws = await WsClient.open(raw.wsUrl)
    try {
      const id = await ws.subscribe('newHeads')
      await rpc(raw.url, 'evm_mine')
      await ws.settle()
      const [mined] = ws.notified(id)
      const latest = await rpc(raw.url, 'eth_getBlockByNumber', ['latest', false])
      expect(mined).toMatchObject({ hash: latest.hash, number: latest.number, parentHash: latest.parentHash })

      const result = await rpc<SimReorgReturnType>(raw.url, 'sim_reorg', [{ depth: 2, length: 3 }])
      await ws.settle()
      const heads = ws.notified(id).slice(1)
      expect(heads.map((h) => h.hash)).toEqual(result.addedBlocks)
      expect(heads.map((h) => h.parentHash)).toEqual([result.commonAncestor.hash, ...result.addedBlocks.slice(0, -1)])
      expect(heads.map((h) => BigInt(h.number))).toEqual([1n, 2n, 3n].map((i) => BigInt(result.commonAncestor.number) + i))
      await rpc(raw.url, 'evm_mine')
      await ws.settle()
      const all = ws.notified(id)
      expect(all).toHaveLength(5)
      expect(all[4].parentHash).toBe(result.addedBlocks.at(-1))
    } finally {
      await ws.close()
    }
  })

  test('newPendingTransactions: the hash, or the whole transaction with `true`', async () => {
    const ws = await WsClient.open(manual.wsUrl)
    try {
      const hashes = await ws.subscribe('newPendingTransactions')
      const full = await ws.subscribe('newPendingTransactions', true)
      const hash = await send(manual.url, { from: a1, to: a2, value: '0x3' })
      await ws.settle()
      expect(ws.notified(hashes)).toEqual([hash])
      const [tx] = ws.notified(full)
      expect(tx).toEqual(await rpc(manual.url, 'eth_getTransactionByHash', [hash]))
      expect(tx).toMatchObject({ hash, from: a1.toLowerCase(), to: a2.toLowerCase(), value: '0x3', blockHash: null, blockNumber: null })
      // Mining is not a pool entry.
      await rpc(manual.url, 'evm_mine')
      const second = await send(manual.url, { from: a2, to: a1, value: '0x4' })
      await ws.settle()
      expect(ws.notified(hashes)).toEqual([hash, second])
      await rpc(manual.url, 'evm_mine')
    } finally {
      await ws.close()
    }
  })

  test('eth_unsubscribe: true, then false; notifications stop; another connection cannot end it', async () => {
    const ws = await WsClient.open(raw.wsUrl)
    const other = await WsClient.open(raw.wsUrl)
    try {
      const ended = await ws.subscribe('newHeads')
      const control = await ws.subscribe('newHeads')
      expect((await other.call('eth_unsubscribe', [control])).result).toBe(false)
      expect((await ws.call('eth_unsubscribe', [ended])).result).toBe(true)
      expect((await ws.call('eth_unsubscribe', [ended])).result).toBe(false)
      await rpc(raw.url, 'evm_mine')
      await ws.settle()
      expect(ws.notified(control)).toHaveLength(1)
      expect(ws.notified(ended)).toEqual([])
      // geth's answer to a name it does not serve; a name that is not a string is a bad param.
      expect((await ws.call('eth_subscribe', ['newBlocks'])).error).toEqual({ code: -32601, message: 'no "newBlocks" subscription in eth namespace' })
      expect((await ws.call('eth_subscribe', [7])).error).toMatchObject({ code: -32602 })
      const everyLog = (await ws.call('eth_subscribe', ['logs', null])).result
      expect(everyLog).toMatch(/^0x[0-9a-f]+$/)
    } finally {
      await Promise.all([ws.close(), other.close()])
    }
  })

  test('a closed connection’s subscriptions end', async () => {
    const before = raw.node.subscriptions.size
    const ws = await WsClient.open(raw.wsUrl)
    await ws.subscribe('newHeads')
    await ws.subscribe('logs', { address: rawToken })
    await ws.subscribe('newPendingTransactions')
    expect(raw.node.subscriptions.size).toBe(before + 3)
    await ws.close()
    await waitFor(
      () => raw.node.subscriptions.size,
      (n) => n === before,
      'the subscriptions to end',
    )
    // The chain carries on with no one to notify.
    await transfer(raw.url, rawToken, a1, 1n)
    expect(raw.node.subscriptions.size).toBe(before)
  })

  test('eth_subscribe and eth_unsubscribe over HTTP → -32601', async () => {
    expect(await rpcError(raw.url, 'eth_subscribe', ['newHeads'])).toMatchObject({ code: -32601 })
    expect(await rpcError(raw.url, 'eth_unsubscribe', ['0x1'])).toMatchObject({ code: -32601 })
  })
})

describe("viem's test client (mode: anvil)", () => {
  test('mine, setAutomine, snapshot and revert', async () => {
    const testClient = createTestClient({ mode: 'anvil', transport: http(testNet.url) })
    // cacheTime 0: viem would otherwise answer getBlockNumber from a 4 s cache.
    const client = createPublicClient({ transport: http(testNet.url), cacheTime: 0 })
    const start = await client.getBlockNumber()
    await testClient.mine({ blocks: 3 })
    expect(await client.getBlockNumber()).toBe(start + 3n)

    await testClient.setAutomine(false)
    const hash = await send(testNet.url, { from: a1, to: a2, value: '0x5' })
    expect(await client.getBlockNumber()).toBe(start + 3n)
    expect(await client.getTransaction({ hash })).toMatchObject({ hash, blockHash: null, blockNumber: null })
    await testClient.mine({ blocks: 1 })
    expect((await client.getTransactionReceipt({ hash })).blockNumber).toBe(start + 4n)
    await testClient.setAutomine(true)
    const automined = await send(testNet.url, { from: a1, to: a2, value: '0x6' })
    expect((await client.getTransactionReceipt({ hash: automined })).blockNumber).toBe(start + 5n)

    const id = await testClient.snapshot()
    const tip = await client.getBlock()
    await testClient.mine({ blocks: 2 })
    const reverted = await send(testNet.url, { from: a1, to: a2, value: '0x7' })
    expect(await client.getBlockNumber()).toBe(start + 8n)
    await testClient.revert({ id })
    expect((await client.getBlock()).hash).toBe(tip.hash)
    expect(await client.getTransaction({ hash: reverted }).catch((e: Error) => e.name)).toBe('TransactionNotFoundError')
  })
})
