import { pad, type Hex } from 'viem'
import { describe, expect } from 'vitest'
import type { WebSocket } from 'ws'
import { deployTokenViaRpc, devAccount, hex, receiptOf, send, tokenCall } from '../../helpers/rpcChain.ts'
import { postJson, request, rpc, rpcError } from '../../helpers/rpcClient.ts'
import { rpcTestWith } from '../../helpers/rpcTest.ts'
import { waitFor, WsClient } from '../../helpers/wsClient.ts'

/** Each fault kind over real sockets, armed with sim_fault; one network per kind so that faults stay apart. */
const test = rpcTestWith([{ name: 'lag' }, { name: 'lostFilter' }, { name: 'wsDrop' }, { name: 'batch' }, { name: 'rateLimit' }, { name: 'errors' }])

const urls: Record<string, string> = {}
const wsUrls: Record<string, string> = {}
let token: Hex
/** The lag network's transfers, one a block: blocks 2 to 5. */
const transfers: Hex[] = []

test.beforeAll(async ({ server }) => {
  for (const [name, network] of Object.entries(server.networks)) {
    urls[name] = network.url
    wsUrls[name] = network.wsUrl
  }
  token = await deployTokenViaRpc(urls['lag']!, { gas: '0x300000' })
  for (let i = 1; i <= 4; i++) {
    transfers.push(
      await send(urls['lag']!, { from: devAccount(0).address, to: token, data: tokenCall('transfer', [devAccount(i).address, 10n]), gas: '0x20000' }),
    )
  }
})

const arm = (network: string, spec: object) => rpc(urls[network]!, 'sim_fault', [spec])

describe('lag: reads answered by a replica behind the head', () => {
  test.afterEach(() => arm('lag', { kind: 'none' }))

  test('every read is resolved against head − N: blocks, receipts, transactions, state and logs above it are unknown', async () => {
    const url = urls['lag']!
    const head = await receiptOf(url, transfers[3]!)
    await arm('lag', { kind: 'lag', blocks: 2 })
    expect(await rpc(url, 'eth_blockNumber')).toBe('0x3')
    expect((await rpc(url, 'eth_getBlockByNumber', ['latest', false])).number).toBe('0x3')
    expect(await rpc(url, 'eth_getBlockByNumber', ['0x5', false])).toBeNull()
    expect(await rpc(url, 'eth_getBlockByHash', [head.blockHash, false])).toBeNull()
    expect(await rpc(url, 'eth_getTransactionReceipt', [transfers[3]])).toBeNull()
    expect(await rpc(url, 'eth_getTransactionByHash', [transfers[3]])).toBeNull()
    expect((await rpc(url, 'eth_getTransactionReceipt', [transfers[1]])).blockNumber).toBe('0x3')
    // The recipient of block 5's transfer has nothing yet on the lagging replica.
    expect(await rpc(url, 'eth_call', [{ to: token, data: tokenCall('balanceOf', [devAccount(4).address]) }, 'latest'])).toBe(pad('0x0', { size: 32 }))
    // The mint (block 1) and the transfers of blocks 2 and 3.
    expect(await rpc(url, 'eth_getLogs', [{ address: token, fromBlock: '0x0' }])).toHaveLength(3)
    expect(await rpcError(url, 'eth_getLogs', [{ address: token, fromBlock: '0x0', toBlock: '0x5' }])).toEqual({
      code: -32602,
      message: 'block range extends beyond current head block',
    })
    expect(await rpcError(url, 'eth_getLogs', [{ blockHash: head.blockHash }])).toEqual({ code: -32000, message: 'unknown block' })
    // Traces, uncles and estimates read the same replica.
    expect(await rpcError(url, 'debug_traceTransaction', [transfers[3]])).toEqual({ code: -32000, message: 'transaction not found' })
    expect(await rpc(url, 'debug_traceTransaction', [transfers[1]])).toMatchObject({ failed: false })
    expect((await rpcError(url, 'debug_traceBlockByHash', [head.blockHash])).code).toBe(-32000)
    expect((await rpcError(url, 'debug_traceBlockByNumber', ['0x5'])).code).toBe(-32000)
    expect(await rpc(url, 'eth_getUncleCountByBlockHash', [head.blockHash])).toBeNull()
    expect(await rpc(url, 'eth_getUncleCountByBlockNumber', ['0x5'])).toBeNull()
    // Sending block 5's recipient's tokens on: nothing to send on the replica, so the estimate reverts.
    const spend = { from: devAccount(4).address, to: token, data: tokenCall('transfer', [devAccount(0).address, 10n]) }
    expect((await rpcError(url, 'eth_estimateGas', [spend])).code).toBe(3)
    expect((await rpc(url, 'debug_traceCall', [spend, 'latest'])).failed).toBe(true)
  })

  test('a seeded fraction of reads lags: the head goes backwards and forwards, the same way for the same seed', async () => {
    const url = urls['lag']!
    const heads = async (seed: number) => {
      await arm('lag', { kind: 'none' })
      await arm('lag', { kind: 'lag', blocks: 2, rate: 0.5, seed })
      const seen: string[] = []
      for (let i = 0; i < 16; i++) seen.push(await rpc(url, 'eth_blockNumber'))
      return seen
    }
    const first = await heads(7)
    expect(new Set(first)).toEqual(new Set(['0x3', '0x5']))
    expect(await heads(7)).toEqual(first)
    expect(await heads(8)).not.toEqual(first)
  })

  test('a receipt is null while its block is visible, from one call to the next', async () => {
    const url = urls['lag']!
    await arm('lag', { kind: 'lag', blocks: 1, rate: 0.5, seed: 2 })
    const answers: Array<{ block: boolean; receipt: boolean }> = []
    for (let i = 0; i < 12; i++) {
      const block = (await rpc(url, 'eth_getBlockByNumber', ['0x5', false])) !== null
      const receipt = (await rpc(url, 'eth_getTransactionReceipt', [transfers[3]])) !== null
      answers.push({ block, receipt })
    }
    expect(answers).toContainEqual({ block: true, receipt: false })
    expect(answers).toContainEqual({ block: false, receipt: true })
  })

  test('writes are not lagged, `methods` narrows what is, and `count` ends it', async () => {
    const url = urls['lag']!
    await arm('lag', { kind: 'lag', blocks: 3, methods: ['eth_getLogs'], count: 1 })
    expect(await rpc(url, 'eth_blockNumber')).toBe('0x5')
    expect(await rpc(url, 'eth_getLogs', [{ address: token, fromBlock: '0x0' }])).toHaveLength(2)
    expect(await rpc(url, 'eth_getLogs', [{ address: token, fromBlock: '0x0' }])).toHaveLength(5)
    // A lagging replica still forwards writes: the transaction is mined on the real head.
    await arm('lag', { kind: 'lag', blocks: 1 })
    const hash = await send(url, { from: devAccount(0).address, to: devAccount(5).address, value: '0x1' })
    expect(await rpc(url, 'eth_getTransactionReceipt', [hash])).toBeNull()
    await arm('lag', { kind: 'none' })
    expect((await receiptOf(url, hash)).blockNumber).toBe('0x6')
  })
})

describe('lag after the chain is replaced', () => {
  // Last of the lag network's tests: it replaces its chain.
  test('anvil_loadState and anvil_reset: the lagging replica follows the new chain, not the discarded one', async () => {
    const url = urls['lag']!
    const dump = await rpc(url, 'anvil_dumpState')
    const dumpedHead = BigInt(await rpc(url, 'eth_blockNumber'))
    await arm('lag', { kind: 'lag', blocks: 2 })
    await rpc(url, 'anvil_reset')
    await rpc(url, 'anvil_mine', [4])
    expect(await rpc(url, 'eth_blockNumber')).toBe('0x2')
    const lagged = await rpc(url, 'eth_getBlockByNumber', ['latest', false])
    await arm('lag', { kind: 'none' })
    expect(lagged).toEqual(await rpc(url, 'eth_getBlockByNumber', ['0x2', false]))
    await arm('lag', { kind: 'lag', blocks: 2 })
    await rpc(url, 'anvil_loadState', [dump])
    expect(await rpc(url, 'eth_blockNumber')).toBe(hex(dumpedHead - 2n))
    expect((await rpc(url, 'eth_getTransactionReceipt', [transfers[1]])).blockNumber).toBe('0x3')
    await arm('lag', { kind: 'none' })
  })
})

describe('lostFilter: the filter is really gone', () => {
  test('the poll answers -32000 filter not found, the next too, and uninstalling it finds nothing', async () => {
    const url = urls['lostFilter']!
    const kept = await rpc(url, 'eth_newBlockFilter')
    const lost = await rpc(url, 'eth_newBlockFilter')
    expect(await rpc(url, 'eth_getFilterChanges', [kept])).toEqual([])
    await arm('lostFilter', { kind: 'lostFilter', count: 1 })
    expect(await rpcError(url, 'eth_getFilterChanges', [lost])).toEqual({ code: -32000, message: 'filter not found' })
    expect(await rpcError(url, 'eth_getFilterChanges', [lost])).toEqual({ code: -32000, message: 'filter not found' })
    expect(await rpc(url, 'eth_uninstallFilter', [lost])).toBe(false)
    // Spent: the other filter polls on, and a re-created one too.
    await rpc(url, 'evm_mine')
    expect(await rpc(url, 'eth_getFilterChanges', [kept])).toHaveLength(1)
    const again = await rpc(url, 'eth_newBlockFilter')
    expect(await rpc(url, 'eth_getFilterChanges', [again])).toEqual([])
  })

  test('a rate loses a seeded fraction of polls', async () => {
    const url = urls['lostFilter']!
    await arm('lostFilter', { kind: 'lostFilter', rate: 0.5, seed: 4 })
    const outcomes: string[] = []
    for (let i = 0; i < 10; i++) {
      const id = await rpc(url, 'eth_newBlockFilter')
      const answer = await postJson(url, request('eth_getFilterChanges', [id], 1))
      outcomes.push(answer.body.error ? 'lost' : 'kept')
    }
    await arm('lostFilter', { kind: 'none' })
    expect(outcomes).toContain('lost')
    expect(outcomes).toContain('kept')
  })
})

describe('wsDrop: connections closed after N messages or T ms', () => {
  const closeCode = (socket: WebSocket) => new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)))

  test('after two more messages the socket is cut with no close frame: the client sees 1006', async () => {
    const client = await WsClient.open(`${wsUrls['wsDrop']!}`)
    const closed = closeCode(client.socket)
    const heads = await client.subscribe('newHeads')
    await arm('wsDrop', { kind: 'wsDrop', afterMessages: 2 })
    await rpc(urls['wsDrop']!, 'anvil_mine', [3])
    expect(await closed).toBe(1006)
    // The two messages came before the drop, and nothing after.
    expect(client.notified(heads)).toHaveLength(2)
    await arm('wsDrop', { kind: 'none' })
  })

  test('1001 closes it as going away; count picks how many connections; later connections are chosen too', async () => {
    await arm('wsDrop', { kind: 'wsDrop', afterMs: 0, code: 1001, count: 1 })
    const first = await WsClient.open(wsUrls['wsDrop']!)
    const closed = closeCode(first.socket)
    expect(await closed).toBe(1001)
    const second = await WsClient.open(wsUrls['wsDrop']!)
    expect((await second.call('eth_chainId')).result).toBe('0x7a69')
    await second.close()
    await arm('wsDrop', { kind: 'none' })
  })

  test('subscriptions of a dropped connection end with it', async ({ server }) => {
    const node = server.networks['wsDrop']!.node
    const client = await WsClient.open(wsUrls['wsDrop']!)
    await client.subscribe('newHeads')
    const before = node.subscriptions.size
    await arm('wsDrop', { kind: 'wsDrop', afterMessages: 1 })
    await rpc(urls['wsDrop']!, 'evm_mine')
    await waitFor(
      () => node.subscriptions.size,
      (n) => n === before - 1,
      'the subscription to end',
    )
    await arm('wsDrop', { kind: 'none' })
  })
})

describe('batchPartial: some requests of a batch fail, the others are answered', () => {
  const batch = () => Array.from({ length: 12 }, (_, i) => request('eth_chainId', [], i))

  test('a seeded fraction of items answers -32603 while the rest succeed, the same ones for the same seed', async () => {
    const url = urls['batch']!
    const failed = async (seed: number) => {
      await arm('batch', { kind: 'none' })
      await arm('batch', { kind: 'batchPartial', rate: 0.4, seed })
      const { status, body } = await postJson(url, batch())
      expect(status).toBe(200)
      for (const item of body) expect(item.result === '0x7a69' || item.error?.code === -32603).toBe(true)
      return body.filter((item: { error?: unknown }) => item.error).map((item: { id: number }) => item.id)
    }
    const first = await failed(5)
    expect(first.length).toBeGreaterThan(0)
    expect(first.length).toBeLessThan(12)
    expect(await failed(5)).toEqual(first)
    // A lone request is never part of a batch.
    expect(await rpc(url, 'eth_chainId')).toBe('0x7a69')
    await arm('batch', { kind: 'none' })
  })

  test('answer null, or a given error', async () => {
    const url = urls['batch']!
    await arm('batch', { kind: 'batchPartial', answer: 'null', count: 2 })
    const { body } = await postJson(url, batch())
    expect(body.filter((item: { result: unknown }) => item.result === null)).toHaveLength(2)
    await arm('batch', { kind: 'batchPartial', count: 1, error: { code: 429, message: 'Too Many Requests' } })
    const second = await postJson(url, batch())
    expect(second.body.filter((item: { error?: unknown }) => item.error)).toEqual([
      { jsonrpc: '2.0', id: 0, error: { code: 429, message: 'Too Many Requests' } },
    ])
  })
})

describe('rateLimit: compute units per second, with the provider’s 429', () => {
  test.afterEach(() => arm('rateLimit', { kind: 'none' }))

  test("alchemy: eth_getLogs costs 60 units; past the bucket, HTTP 429 with Alchemy's body; free methods pass", async () => {
    const url = urls['rateLimit']!
    // One unit a second into a 100-unit bucket: nothing refills during the test.
    await arm('rateLimit', { kind: 'rateLimit', provider: 'alchemy', unitsPerSecond: 1, burstSeconds: 100 })
    const logs = request('eth_getLogs', [{ fromBlock: '0x0' }], 1)
    expect((await postJson(url, logs)).status).toBe(200)
    expect(await postJson(url, logs)).toEqual({
      status: 429,
      body: {
        jsonrpc: '2.0',
        id: 1,
        error: {
          code: 429,
          message:
            'Your app has exceeded its compute units per second capacity. If you have retries enabled, you can safely ignore this message. If not, check out https://docs.alchemy.com/reference/throughput',
        },
      },
    })
    expect(await rpc(url, 'eth_chainId')).toBe('0x7a69')
    expect(await rpc(url, 'eth_blockNumber')).toBe('0x0')
    // chainsim's own control methods are never limited.
    expect(await rpc(url, 'evm_mine')).toBe('0x0')
  })

  test("infura: credits, and Infura's 429 with its event and details; over WebSocket the same error", async () => {
    const url = urls['rateLimit']!
    await arm('rateLimit', { kind: 'rateLimit', provider: 'infura', unitsPerSecond: 1, burstSeconds: 100 })
    expect((await postJson(url, request('eth_blockNumber', [], 1))).status).toBe(200)
    const error = {
      code: 429,
      message: 'Too Many Requests',
      event: -33200,
      details: 'You have surpassed your allowed throughput limit. Reduce the amount of requests per second or upgrade for more capacity.',
    }
    expect(await postJson(url, request('eth_blockNumber', [], 1))).toEqual({ status: 429, body: { jsonrpc: '2.0', id: 1, error } })
    const client = await WsClient.open(wsUrls['rateLimit']!)
    expect((await client.call('eth_getBalance', [devAccount(0).address, 'latest'])).error).toEqual(error)
    await client.close()
  })

  test('each item of a batch costs its own units', async () => {
    const url = urls['rateLimit']!
    await arm('rateLimit', { kind: 'rateLimit', provider: 'alchemy', unitsPerSecond: 1, burstSeconds: 50 })
    const { status, body } = await postJson(
      url,
      [1, 2, 3, 4, 5, 6].map((id) => request('eth_getBalance', [devAccount(0).address, 'latest'], id)),
    )
    expect(status).toBe(429)
    expect(body.map((item: { error?: { code: number } }) => item.error?.code ?? 'ok')).toEqual(['ok', 'ok', 429, 429, 429, 429])
  })
})

describe('error: a fraction of calls, chosen by the seed', () => {
  test('with a rate and no count, it lasts until cleared; the same seed fails the same calls', async () => {
    const url = urls['errors']!
    const pattern = async () => {
      await arm('errors', { kind: 'none' })
      await arm('errors', { method: 'eth_chainId', rate: 0.5, seed: 11, error: { code: -32000, message: 'flaky' } })
      const seen: string[] = []
      for (let i = 0; i < 12; i++) seen.push((await postJson(url, request('eth_chainId', [], 1))).body.error ? 'x' : '.')
      return seen.join('')
    }
    const first = await pattern()
    expect(first).toMatch(/x/)
    expect(first).toMatch(/\./)
    expect(await pattern()).toBe(first)
    await arm('errors', { kind: 'none' })
  })
})
