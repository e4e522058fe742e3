import { keccak256, pad, toHex, type Hex } from 'viem'
import { afterAll, describe, expect } from 'vitest'
import { startChainsim, type Chainsim } from '../../src/testing/index.ts'
import { deployEmitterViaRpc, deployTokenViaRpc, devAccount, emitterCall, hex, receiptOf, send, tokenCall, type DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'
import { expectEach } from '../helpers/expectEach.ts'

/**
 * The filter methods over real HTTP: eth_newFilter, eth_newBlockFilter, eth_newPendingTransactionFilter,
 * eth_getFilterChanges, eth_getFilterLogs, eth_uninstallFilter, and the pending block they can see.
 */

type WireLog = {
  address: Hex
  topics: Hex[]
  data: Hex
  blockNumber: Hex | null
  transactionHash: Hex | null
  transactionIndex: Hex | null
  blockHash: Hex | null
  blockTimestamp: Hex | null
  logIndex: Hex | null
  removed: boolean
}

const TRANSFER = keccak256(toHex('Transfer(address,address,uint256)'))
const ONE_TOPIC = keccak256(toHex('OneTopic(uint256)'))
const TWO_TOPICS = keccak256(toHex('TwoTopics(uint256,uint256)'))
const addressTopic = (address: Hex) => pad(address.toLowerCase() as Hex)
const word = (value: bigint) => pad(toHex(value))
const MINIMAL_HEX = /^0x(0|[1-9a-f][0-9a-f]*)$/
const GWEI = 10n ** 9n
const POSITION_FIELDS = ['blockHash', 'blockNumber', 'blockTimestamp', 'logIndex', 'transactionHash', 'transactionIndex'] as const

const [a0, a1, a2, a3] = [0, 1, 2, 3].map((i) => devAccount(i).address) as [Hex, Hex, Hex, Hex]

const test = rpcTestWith([
  { name: 'auto' },
  { name: 'limited', limits: { maxLogResults: 5, maxLogParams: 3 } },
  { name: 'manual', mining: { auto: false } },
  { name: 'fresh' },
])
let server: DevServer
/** Automine; the bundled token and emitter. */
let auto: string
let token: Hex
/** maxLogResults 5, maxLogParams 3; eight Tick logs. */
let limited: string
let limitedEmitter: Hex
/** Manual mining (evm_mine): transactions wait in the pool. */
let manual: string
let manualEmitter: Hex
/** A fresh network whose first filters get the first ids. */
let fresh: string
/** filterTimeoutMs 1000 on a clock the tests move. */
let clocked: Chainsim
/** The filter-expiry clock of `clocked`, moved by the test. */
let now = 0
let clockedUrl: string

test.beforeAll(async ({ server: started }) => {
  server = started
  clocked = await startChainsim({ networks: [{ name: 'clocked', filterTimeoutMs: 1_000 }], nodeOptions: { filterClock: () => now } })
  ;[auto, limited, manual, fresh] = ['auto', 'limited', 'manual', 'fresh'].map((n) => server.networks[n]!.url) as [string, string, string, string]
  clockedUrl = clocked.url
  const buildLimited = async () => {
    limitedEmitter = await deployEmitterViaRpc(limited)
    await send(limited, { from: a0, to: limitedEmitter, data: emitterCall('emitMany', [3n]) })
    await send(limited, { from: a0, to: limitedEmitter, data: emitterCall('emitMany', [5n]) })
  }
  const buildAuto = async () => {
    token = await deployTokenViaRpc(auto)
  }
  const buildManual = async () => {
    manualEmitter = await deployEmitterViaRpc(manual, { mine: true })
  }
  await Promise.all([buildAuto(), buildLimited(), buildManual()])
})

afterAll(() => clocked?.close())

const changes = <T = WireLog>(url: string, id: string) => rpc<T[]>(url, 'eth_getFilterChanges', [id])
const filterLogs = (url: string, id: string) => rpc<WireLog[]>(url, 'eth_getFilterLogs', [id])
const getLogs = (url: string, filter: unknown) => rpc<WireLog[]>(url, 'eth_getLogs', [filter])
const transfer = (to: Hex, amount: bigint) => send(auto, { from: a0, to: token, data: tokenCall('transfer', [to, amount]) })

async function head(url: string): Promise<bigint> {
  return BigInt(await rpc<Hex>(url, 'eth_blockNumber'))
}

/** The logs of a mined transaction as its receipt gives them (not the log index). */
async function receiptLogs(url: string, hash: Hex): Promise<WireLog[]> {
  return (await receiptOf(url, hash)).logs as WireLog[]
}

describe('installation', () => {
  test('ids are minimal hex, counting up across the three filter kinds', async () => {
    const ids = [
      await rpc<string>(fresh, 'eth_newFilter', [{}]),
      await rpc<string>(fresh, 'eth_newBlockFilter'),
      await rpc<string>(fresh, 'eth_newPendingTransactionFilter'),
    ]
    expect(ids).toEqual(['0x1', '0x2', '0x3'])
    for (let i = 0; i < 14; i++) ids.push(await rpc<string>(fresh, 'eth_newBlockFilter'))
    expect(ids.at(-1)).toBe('0x11')
    for (const id of ids) expect(id).toMatch(MINIMAL_HEX)
  })

  test('eth_newFilter accepts a toBlock in the future; its logs arrive as they are mined', async () => {
    const from = (await head(auto)) + 1n
    const range = { address: token, fromBlock: hex(from), toBlock: hex(from + 2n) }
    // eth_getLogs refuses the same range: it ends past the head.
    expect(await rpcError(auto, 'eth_getLogs', [range])).toMatchObject({ code: -32602, message: 'block range extends beyond current head block' })
    const id = await rpc<string>(auto, 'eth_newFilter', [range])
    // None of its blocks exists yet.
    expect(await filterLogs(auto, id)).toEqual([])
    const sent = [await transfer(a1, 1n), await transfer(a1, 2n), await transfer(a1, 3n), await transfer(a1, 4n)]
    const expected = (await Promise.all(sent.slice(0, 3).map((h) => receiptLogs(auto, h)))).flat()
    expect(expected.map((l) => BigInt(l.blockNumber!))).toEqual([from, from + 1n, from + 2n])
    expect(await changes(auto, id)).toEqual(expected)
    expect(await filterLogs(auto, id)).toEqual(expected)
  })

  test('range and parameter errors are refused at installation, and install nothing', async () => {
    const before = await rpc<string>(auto, 'eth_newBlockFilter')
    const h = await head(auto)
    expect(await rpcError(auto, 'eth_newFilter', [{ fromBlock: hex(h), toBlock: hex(h - 1n) }])).toMatchObject({
      code: -32602,
      message: 'invalid block range params',
    })
    expect(await rpcError(auto, 'eth_newFilter', [{ fromBlock: 'pending', toBlock: 'latest' }])).toMatchObject({
      code: -32602,
      message: 'invalid block range params',
    })
    // toBlock defaults to latest: the same reversed range.
    expect(await rpcError(auto, 'eth_newFilter', [{ fromBlock: 'pending' }])).toMatchObject({ code: -32602 })
    expect(await rpcError(auto, 'eth_newFilter', [{ topics: [TRANSFER, null, null, null, null] }])).toMatchObject({
      code: -32602,
      message: 'exceed max topics',
    })
    expect(await rpcError(auto, 'eth_newFilter', [{ blockHash: pad('0x1'), fromBlock: '0x1' }])).toMatchObject({ code: -32602 })
    expect(await rpcError(auto, 'eth_newFilter', [{ fromBlock: 'sometime' }])).toMatchObject({ code: -32602 })
    // maxLogParams 3: four addresses, or one address and three topic values, are too many.
    const tooMany = { address: [a0, a1, a2, a3] }
    const refused = await rpcError(limited, 'eth_newFilter', [tooMany])
    expect(refused.code).toBe(-32005)
    expect(refused.message).toMatch(/4 parameters.*limit of 3/)
    expect(await rpcError(limited, 'eth_newFilter', [{ address: a0, topics: [[TRANSFER, ONE_TOPIC], TWO_TOPICS] }])).toMatchObject({
      code: -32005,
    })
    // Exactly at the limit is accepted.
    expect(await rpc<string>(limited, 'eth_newFilter', [{ address: [a0, a1, a2] }])).toMatch(MINIMAL_HEX)
    const after = await rpc<string>(auto, 'eth_newBlockFilter')
    expect(BigInt(after)).toBe(BigInt(before) + 1n)
  })

  test('a range reversed once its tags are resolved is refused at installation', async () => {
    await rpc(auto, 'anvil_mine', ['0x6'])
    for (const range of [
      { fromBlock: 'latest', toBlock: '0x1' },
      { fromBlock: '0x5', toBlock: 'earliest' },
      { fromBlock: 'latest', toBlock: 'earliest' },
    ]) {
      expect(await rpcError(auto, 'eth_getLogs', [range])).toMatchObject({ code: -32602, message: 'invalid block range params' })
      expect(await rpcError(auto, 'eth_newFilter', [range])).toMatchObject({ code: -32602, message: 'invalid block range params' })
    }
  })
})

describe('eth_getFilterChanges', () => {
  test('a log filter reports only what happened after installation, and a poll drains it', async () => {
    await transfer(a1, 10n)
    const id = await rpc<string>(auto, 'eth_newFilter', [{ address: token }])
    expect(await changes(auto, id)).toEqual([])
    const first = await transfer(a1, 11n)
    const second = await transfer(a2, 12n)
    const expected = [...(await receiptLogs(auto, first)), ...(await receiptLogs(auto, second))]
    expect(expected).toHaveLength(2)
    const polled = await changes(auto, id)
    expect(polled).toEqual(expected)
    expectEach(polled, (log, label) => expect(log.removed, label).toBe(false))
    expect(await changes(auto, id)).toEqual([])
    const third = await transfer(a3, 13n)
    expect(await changes(auto, id)).toEqual(await receiptLogs(auto, third))
    expect(await changes(auto, id)).toEqual([])
  })

  test('a log filter applies its topics: only transfers to one holder', async () => {
    const id = await rpc<string>(auto, 'eth_newFilter', [{ address: token, topics: [TRANSFER, null, addressTopic(a2)] }])
    await transfer(a1, 20n)
    const toA2 = await transfer(a2, 21n)
    await transfer(a3, 22n)
    expect(await changes(auto, id)).toEqual(await receiptLogs(auto, toA2))
  })

  test('a block filter reports the hashes of blocks mined after installation, once', async () => {
    await rpc(auto, 'evm_mine')
    const id = await rpc<string>(auto, 'eth_newBlockFilter')
    const start = await head(auto)
    await rpc(auto, 'evm_mine')
    await rpc(auto, 'evm_mine')
    await transfer(a1, 1n)
    const hashes = await changes<Hex>(auto, id)
    const expected = []
    for (let n = start + 1n; n <= start + 3n; n++) expected.push((await rpc(auto, 'eth_getBlockByNumber', [hex(n), false])).hash)
    expect(hashes).toEqual(expected)
    expect(await changes(auto, id)).toEqual([])
  })

  test('a pending-transaction filter reports hashes entering the pool, once', async () => {
    const earlier = await send(manual, { from: a3, to: a2, value: '0x1' })
    const id = await rpc<string>(manual, 'eth_newPendingTransactionFilter')
    const sent = [await send(manual, { from: a1, to: a2, value: '0x1' }), await send(manual, { from: a2, to: a1, value: '0x2' })]
    expect(await changes<Hex>(manual, id)).toEqual(sent)
    expect(sent).not.toContain(earlier)
    expect(await changes(manual, id)).toEqual([])
    await rpc(manual, 'evm_mine')
    // Mining is not a pool entry.
    expect(await changes(manual, id)).toEqual([])
  })
})

describe('eth_getFilterLogs', () => {
  test('re-runs the criteria over the canonical chain at call time, without draining the changes', async () => {
    const id = await rpc<string>(auto, 'eth_newFilter', [{ address: token, fromBlock: 'earliest' }])
    const all = await getLogs(auto, { address: token, fromBlock: 'earliest' })
    expect(all.length).toBeGreaterThan(5)
    expect(await filterLogs(auto, id)).toEqual(all)
    const later = await transfer(a1, 30n)
    const now = await filterLogs(auto, id)
    expect(now).toEqual([...all, ...(await receiptLogs(auto, later))])
    // Changes are still only what happened after installation.
    expect(await changes(auto, id)).toEqual(await receiptLogs(auto, later))
  })

  test('runs under eth_getLogs’ result limit: -32005 with the range that fits', async () => {
    const id = await rpc<string>(limited, 'eth_newFilter', [{ address: limitedEmitter, fromBlock: 'earliest' }])
    const error = await rpcError(limited, 'eth_getFilterLogs', [id])
    expect(error.code).toBe(-32005)
    expect(error.message).toMatch(/^query returned more than 5 results/)
    // The same answer as eth_getLogs with the same criteria.
    expect(error).toEqual(await rpcError(limited, 'eth_getLogs', [{ address: limitedEmitter, fromBlock: 'earliest' }]))
    const narrow = await rpc<string>(limited, 'eth_newFilter', [{ address: limitedEmitter, fromBlock: 'latest' }])
    expect(await filterLogs(limited, narrow)).toHaveLength(5)
  })

  test('a block filter has no logs → -32000', async () => {
    const id = await rpc<string>(auto, 'eth_newBlockFilter')
    expect(await rpcError(auto, 'eth_getFilterLogs', [id])).toMatchObject({ code: -32000, message: 'filter not found' })
    const pendingTx = await rpc<string>(auto, 'eth_newPendingTransactionFilter')
    expect(await rpcError(auto, 'eth_getFilterLogs', [pendingTx])).toMatchObject({ code: -32000, message: 'filter not found' })
  })

  test('a filter whose fromBlock is pending → -32602 "pending logs are not supported"', async () => {
    const id = await rpc<string>(auto, 'eth_newFilter', [{ fromBlock: 'pending', toBlock: 'pending' }])
    expect(await rpcError(auto, 'eth_getFilterLogs', [id])).toMatchObject({ code: -32602, message: 'pending logs are not supported' })
  })
})

describe('unknown, uninstalled and expired filters', () => {
  test('unknown id → -32000 "filter not found"; uninstalling it → false', async () => {
    for (const id of ['0xffffff', '0x0', 'abc']) {
      expect(await rpcError(auto, 'eth_getFilterChanges', [id])).toEqual({ code: -32000, message: 'filter not found' })
      expect(await rpcError(auto, 'eth_getFilterLogs', [id])).toEqual({ code: -32000, message: 'filter not found' })
      expect(await rpc(auto, 'eth_uninstallFilter', [id])).toBe(false)
    }
  })

  test('an uninstalled filter is not found; uninstalling twice → true, then false', async () => {
    const id = await rpc<string>(auto, 'eth_newFilter', [{ address: token }])
    expect(await rpc(auto, 'eth_uninstallFilter', [id])).toBe(true)
    expect(await rpc(auto, 'eth_uninstallFilter', [id])).toBe(false)
    expect(await rpcError(auto, 'eth_getFilterChanges', [id])).toEqual({ code: -32000, message: 'filter not found' })
    expect(await rpcError(auto, 'eth_getFilterLogs', [id])).toEqual({ code: -32000, message: 'filter not found' })
  })

  test('filters expire after filterTimeoutMs without a poll; polling keeps one alive', async () => {
    const log = await rpc<string>(clockedUrl, 'eth_newFilter', [{}])
    const block = await rpc<string>(clockedUrl, 'eth_newBlockFilter')
    const pendingTx = await rpc<string>(clockedUrl, 'eth_newPendingTransactionFilter')
    now += 999
    await rpc(clockedUrl, 'evm_mine')
    expect(await changes(clockedUrl, block)).toHaveLength(1)
    expect(await changes(clockedUrl, log)).toEqual([])
    now += 999
    // 1998 ms after installation, 999 after their last poll: both alive; the unpolled one expired.
    expect(await changes(clockedUrl, block)).toEqual([])
    expect(await changes(clockedUrl, log)).toEqual([])
    expect(await rpcError(clockedUrl, 'eth_getFilterChanges', [pendingTx])).toEqual({ code: -32000, message: 'filter not found' })
    now += 1_000
    expect(await rpcError(clockedUrl, 'eth_getFilterChanges', [block])).toEqual({ code: -32000, message: 'filter not found' })
    expect(await rpcError(clockedUrl, 'eth_getFilterLogs', [log])).toEqual({ code: -32000, message: 'filter not found' })
    expect(await rpc(clockedUrl, 'eth_uninstallFilter', [log])).toBe(false)
    expect(await rpc(clockedUrl, 'eth_uninstallFilter', [block])).toBe(false)
    expect(clocked.node.filters.size).toBe(0)
  })
})

describe('pending data (manual mining)', () => {
  const tip = (gwei: bigint) => ({ maxPriorityFeePerGas: hex(gwei * GWEI), maxFeePerGas: hex(100n * GWEI) })

  test('a filter ending at pending reports a pending log once with null positions, then its mined form', async () => {
    const id = await rpc<string>(manual, 'eth_newFilter', [{ address: manualEmitter, fromBlock: 'latest', toBlock: 'pending' }])
    const hash = await send(manual, { from: a0, to: manualEmitter, data: emitterCall('emitOneTopic', [7n]) })
    const pending = await changes(manual, id)
    expect(pending).toEqual([
      {
        address: manualEmitter.toLowerCase(),
        topics: [ONE_TOPIC],
        data: word(7n),
        blockNumber: null,
        transactionHash: null,
        transactionIndex: null,
        blockHash: null,
        blockTimestamp: null,
        logIndex: null,
        removed: false,
      },
    ])
    expect(await changes(manual, id)).toEqual([])
    await rpc(manual, 'evm_mine')
    const mined = await changes(manual, id)
    expect(mined).toEqual(await receiptLogs(manual, hash))
    expect(mined).toHaveLength(1)
    const block = await rpc(manual, 'eth_getBlockByNumber', ['latest', false])
    expect(mined[0]).toMatchObject({
      ...pending[0],
      blockNumber: block.number,
      blockHash: block.hash,
      blockTimestamp: block.timestamp,
      transactionHash: hash,
      transactionIndex: '0x0',
      logIndex: '0x0',
      removed: false,
    })
    expect(await changes(manual, id)).toEqual([])
  })

  test('eth_getLogs with pending bounds, eth_getBlockByNumber("pending") and pooled transactions', async () => {
    const emit = (from: Hex, value: bigint, gwei: bigint) =>
      send(manual, { from, to: manualEmitter, data: emitterCall('emitTwoTopics', [value, value]), ...tip(gwei) })
    const low = await emit(a1, 1n, 1n)
    const high = await emit(a2, 2n, 5n)
    const canonical = await getLogs(manual, { address: manualEmitter, fromBlock: 'earliest' })
    expect(canonical.length).toBeGreaterThan(0)

    const onlyPending = await getLogs(manual, { address: manualEmitter, fromBlock: 'pending', toBlock: 'pending' })
    // Pool order: the higher tip first.
    expect(onlyPending.map((l) => l.topics[1])).toEqual([word(2n), word(1n)])
    for (const log of onlyPending) {
      expect(log.removed).toBe(false)
      for (const field of POSITION_FIELDS) expect(log[field]).toBeNull()
    }
    expect(await getLogs(manual, { address: manualEmitter, fromBlock: 'earliest', toBlock: 'pending' })).toEqual([...canonical, ...onlyPending])

    const h = await head(manual)
    const block = await rpc(manual, 'eth_getBlockByNumber', ['pending', false])
    expect(block.number).toBe(hex(h + 1n))
    expect(block.transactions).toEqual([high, low])
    const full = await rpc(manual, 'eth_getBlockByNumber', ['pending', true])
    expect(full.transactions.map((t: { hash: Hex }) => t.hash)).toEqual([high, low])

    const pooled = await rpc(manual, 'eth_getTransactionByHash', [low])
    expect(pooled).toMatchObject({ hash: low, from: a1.toLowerCase(), blockHash: null, blockNumber: null, blockTimestamp: null, transactionIndex: null })

    await rpc(manual, 'evm_mine')
    const mined = await rpc(manual, 'eth_getTransactionByHash', [low])
    expect(mined).toMatchObject({ hash: low, blockNumber: hex(h + 1n), transactionIndex: '0x1' })
    expect(await getLogs(manual, { address: manualEmitter, fromBlock: 'pending', toBlock: 'pending' })).toEqual([])
  })
})
