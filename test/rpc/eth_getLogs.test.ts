import type { Hex } from 'viem'
import { keccak256, pad, toHex } from 'viem/utils'
import { describe, expect } from 'vitest'
import { WebSocket } from 'ws'
import { deployEmitterViaRpc, deployTokenViaRpc, devAccount, emitterCall, hex, send, tokenCall, type DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'

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
type TopicFilter = Array<Hex | Array<Hex | null> | null>

const LOG_FIELDS = [
  'address',
  'blockHash',
  'blockNumber',
  'blockTimestamp',
  'data',
  'logIndex',
  'removed',
  'topics',
  'transactionHash',
  'transactionIndex',
].sort()

/** A minimal lower-case hex quantity. */
const QUANTITY = /^0x(0|[1-9a-f][0-9a-f]*)$/
const sig = (signature: string) => keccak256(toHex(signature))
const word = (value: bigint) => pad(toHex(value))
const addressTopic = (address: Hex) => pad(address.toLowerCase() as Hex)

const TRANSFER = sig('Transfer(address,address,uint256)')
const ONE_TOPIC = sig('OneTopic(uint256)')
const TWO_TOPICS = sig('TwoTopics(uint256,uint256)')
const THREE_TOPICS = sig('ThreeTopics(uint256,address,uint256)')
const FOUR_TOPICS = sig('FourTopics(uint256,address,bytes32,uint256)')
const TICK = sig('Tick(uint256,address,uint256)')
const C = keccak256(toHex('c'))

const a0 = devAccount(0).address
const a1 = devAccount(1).address
const a2 = devAccount(2).address
const a3 = devAccount(3).address
const GWEI = 10n ** 9n

/** The reference for every valid-params test: logs read from the blocks' receipts, filtered here. */
function reference(all: WireLog[], filter: { from: bigint; to: bigint; addresses?: Hex[]; topics?: TopicFilter }): WireLog[] {
  return all.filter((log) => {
    const number = BigInt(log.blockNumber!)
    if (number < filter.from || number > filter.to) return false
    if (filter.addresses && !filter.addresses.some((a) => a.toLowerCase() === log.address)) return false
    const topics = filter.topics ?? []
    if (topics.length > log.topics.length) return false
    return topics.every((wanted, i) => {
      if (wanted === null) return true
      if (typeof wanted === 'string') return wanted.toLowerCase() === log.topics[i]
      return wanted.length === 0 || wanted.includes(null) || wanted.some((w) => w!.toLowerCase() === log.topics[i])
    })
  })
}

async function blockNumber(url: string): Promise<bigint> {
  return BigInt(await rpc<Hex>(url, 'eth_blockNumber'))
}

async function mineOne(url: string, txs: Array<Parameters<typeof send>[1]>): Promise<Hex[]> {
  await rpc(url, 'evm_setAutomine', [false])
  const hashes: Hex[] = []
  for (const tx of txs) hashes.push(await send(url, tx))
  await rpc(url, 'evm_mine')
  await rpc(url, 'evm_setAutomine', [true])
  return hashes
}

/** Every log of blocks 0..head as the receipts give them (eth_getBlockReceipts, not the log index). */
async function logsFromReceipts(url: string): Promise<WireLog[]> {
  const head = await blockNumber(url)
  const logs: WireLog[] = []
  for (let n = 0n; n <= head; n++) {
    const receipts = await rpc<Array<{ logs: WireLog[] }>>(url, 'eth_getBlockReceipts', [hex(n)])
    for (const receipt of receipts) logs.push(...receipt.logs)
  }
  return logs
}

const test = rpcTestWith([
  { name: 'main', finality: { safeDepth: 2, finalizedDepth: 4 } },
  { name: 'manual', mining: { auto: false } },
  { name: 'small', limits: { maxLogResults: 50, maxLogParams: 10 } },
  { name: 'bulk' },
  { name: 'slow', limits: { queryTimeoutMs: 1, maxLogParams: 200_000 } },
  { name: 'wide', limits: { maxLogParams: 200_000 } },
  { name: 'pendingSmall', mining: { auto: false }, limits: { maxLogResults: 3 } },
])
let server: DevServer
/** `main`: every topic shape, an ERC-20, finality depths 2 (safe) and 4 (finalized). */
let main: string
let emitter: Hex
let token: Hex
let all: WireLog[]
let head: bigint
/** `manual`: manual mining with logs waiting in the pool. */
let manual: string
let manualEmitter: Hex
let pendingTxs: { low: Hex; high: Hex; lowLater: Hex }
/** `small`: maxLogResults 50, maxLogParams 10; blocks of 10, 15, 25, 0, 5 and 60 logs. */
let small: string
let smallBlocks: { b10: bigint; b15: bigint; b25: bigint; empty: bigint; b5: bigint; b60: bigint }
/** `bulk`: the real limits; 5,000 + 5,000 + 1 logs in blocks A, B and C. */
let bulk: string
let bulkBlocks: { A: bigint; B: bigint; C: bigint }
/** `pendingSmall`: manual mining, maxLogResults 3; 2 logs mined, 2 more pending. */
let pendingSmall: string
/** `slow` (1 ms deadline) and `wide` (10 s), both allowing 200,000 parameters, 3,000 Tick logs each. */
let slow: string
let wide: string

async function buildMain(url: string) {
  emitter = await deployEmitterViaRpc(url)
  token = await deployTokenViaRpc(url)
  // Explicit gas limits skip estimation (several simulated runs per transaction): the fixture builds faster.
  const gas = hex(300_000)
  const emit = (name: Parameters<typeof emitterCall>[0], args: unknown[], from = a0) => send(url, { from, to: emitter, data: emitterCall(name, args), gas })
  await emit('emitZeroTopics', [1n])
  await emit('emitOneTopic', [2n])
  await emit('emitTwoTopics', [3n, 4n])
  await emit('emitThreeTopics', [5n, a1, 6n])
  await emit('emitFourTopics', [7n, a2, C, 8n])
  await emit('emitAnonymous', [1n, 2n, 3n, 4n])
  await send(url, { from: a0, to: token, data: tokenCall('transfer', [a1, 100n]), gas })
  await send(url, { from: a0, to: token, data: tokenCall('transfer', [a2, 200n]), gas })
  // Two transactions in the head block: block-wide log indexes across transactions.
  await mineOne(url, [
    { from: a1, to: emitter, data: emitterCall('emitMany', [3n]), gas },
    { from: a0, to: token, data: tokenCall('transfer', [a1, 300n]), gas },
  ])
  head = await blockNumber(url)
  all = await logsFromReceipts(url)
}

async function buildManual(url: string) {
  manualEmitter = await deployEmitterViaRpc(url, { mine: true })
  await send(url, { from: a0, to: manualEmitter, data: emitterCall('emitOneTopic', [1n]) })
  await rpc(url, 'evm_mine')
  const tip = (gwei: bigint) => ({ maxPriorityFeePerGas: hex(gwei * GWEI), maxFeePerGas: hex(100n * GWEI) })
  const low = await send(url, { from: a1, to: manualEmitter, data: emitterCall('emitTwoTopics', [10n, 11n]), ...tip(1n) })
  const high = await send(url, { from: a2, to: manualEmitter, data: emitterCall('emitThreeTopics', [12n, a2, 13n]), ...tip(3n) })
  const lowLater = await send(url, { from: a3, to: manualEmitter, data: emitterCall('emitOneTopic', [14n]), ...tip(1n) })
  pendingTxs = { low, high, lowLater }
}

async function buildSmall(url: string) {
  const em = await deployEmitterViaRpc(url)
  const many = async (count: bigint) => {
    await send(url, { from: a0, to: em, data: emitterCall('emitMany', [count]), gas: hex(1_000_000) })
    return blockNumber(url)
  }
  const b10 = await many(10n)
  const b15 = await many(15n)
  const b25 = await many(25n)
  await rpc(url, 'evm_mine')
  const empty = await blockNumber(url)
  const b5 = await many(5n)
  const b60 = await many(60n)
  smallBlocks = { b10, b15, b25, empty, b5, b60 }
}

async function buildBulk(url: string) {
  const em = await deployEmitterViaRpc(url)
  const many = async (count: bigint) => {
    await send(url, { from: a0, to: em, data: emitterCall('emitMany', [count]), gas: hex(12_000_000) })
    return blockNumber(url)
  }
  bulkBlocks = { A: await many(5000n), B: await many(5000n), C: await many(1n) }
}

async function buildPendingSmall(url: string) {
  const em = await deployEmitterViaRpc(url, { mine: true })
  await send(url, { from: a0, to: em, data: emitterCall('emitMany', [2n]), gas: hex(200_000) })
  await rpc(url, 'evm_mine')
  await send(url, { from: a0, to: em, data: emitterCall('emitMany', [2n]), gas: hex(200_000) })
}

async function buildTicks(url: string) {
  const em = await deployEmitterViaRpc(url)
  await send(url, { from: a0, to: em, data: emitterCall('emitMany', [3000n]), gas: hex(10_000_000) })
}

test.beforeAll(async ({ server: started }) => {
  server = started
  const url = (name: string) => server.networks[name]!.url
  main = url('main')
  manual = url('manual')
  small = url('small')
  bulk = url('bulk')
  slow = url('slow')
  wide = url('wide')
  pendingSmall = url('pendingSmall')
  await Promise.all([
    buildMain(main),
    buildManual(manual),
    buildSmall(small),
    buildBulk(bulk),
    buildTicks(slow),
    buildTicks(wide),
    buildPendingSmall(pendingSmall),
  ])
})

const getLogs = (url: string, filter: unknown) => rpc<WireLog[]>(url, 'eth_getLogs', [filter])

describe('valid params', () => {
  test('the fixture has the logs the tests rely on', () => {
    expect(head).toBe(11n)
    expect(all).toHaveLength(13)
  })

  test('earliest to latest → every log, in chain order, as the receipts have them', async () => {
    const logs = await getLogs(main, { fromBlock: 'earliest', toBlock: 'latest' })
    expect(logs).toEqual(all)
  })

  test('every log has exactly the ten wire fields, removed false and its block’s hash, number and timestamp', async () => {
    const logs = await getLogs(main, { fromBlock: '0x0' })
    for (const log of logs) {
      expect(Object.keys(log).sort()).toEqual(LOG_FIELDS)
      expect(log.removed).toBe(false)
      for (const quantity of [log.blockNumber, log.logIndex, log.transactionIndex, log.blockTimestamp]) expect(quantity).toMatch(QUANTITY)
      for (const hash of [log.blockHash, log.transactionHash, ...log.topics]) expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
      expect(log.address).toMatch(/^0x[0-9a-f]{40}$/)
      expect(log.data).toMatch(/^0x([0-9a-f]{2})*$/)
      const block = await rpc(main, 'eth_getBlockByNumber', [log.blockNumber, false])
      expect(log.blockHash).toBe(block.hash)
      expect(log.blockTimestamp).toBe(block.timestamp)
      expect(block.transactions[Number(log.transactionIndex)]).toBe(log.transactionHash)
    }
  })

  test('log indexes count block-wide across the transactions of a block', async () => {
    const logs = await getLogs(main, {})
    expect(logs.map((l) => [l.transactionIndex, l.logIndex])).toEqual([
      ['0x0', '0x0'],
      ['0x0', '0x1'],
      ['0x0', '0x2'],
      ['0x1', '0x3'],
    ])
  })

  test('no fromBlock and toBlock → the head block only (both default to latest)', async () => {
    const logs = await getLogs(main, {})
    expect(logs).toEqual(reference(all, { from: head, to: head }))
    expect(logs).toHaveLength(4)
  })

  test('hex fromBlock and toBlock bound the range inclusively', async () => {
    const logs = await getLogs(main, { fromBlock: '0x4', toBlock: '0x6' })
    expect(logs).toEqual(reference(all, { from: 4n, to: 6n }))
    expect(logs.map((l) => l.blockNumber)).toEqual(['0x4', '0x5', '0x6'])
  })

  test('address: one contract', async () => {
    const logs = await getLogs(main, { fromBlock: 'earliest', address: token })
    expect(logs).toEqual(reference(all, { from: 0n, to: head, addresses: [token] }))
    expect(logs).toHaveLength(4)
  })

  test('address: mixed-case (checksummed) is the same address', async () => {
    const mixed = `0x${token.slice(2).toUpperCase()}` as Hex
    expect(await getLogs(main, { fromBlock: 'earliest', address: mixed })).toEqual(reference(all, { from: 0n, to: head, addresses: [token] }))
  })

  test('address: an array matches any of them', async () => {
    const both = await getLogs(main, { fromBlock: 'earliest', address: [token, emitter] })
    expect(both).toEqual(all)
    const one = await getLogs(main, { fromBlock: 'earliest', address: [a3, token] })
    expect(one).toEqual(reference(all, { from: 0n, to: head, addresses: [token] }))
  })

  test('address: an empty array matches every address', async () => {
    expect(await getLogs(main, { fromBlock: 'earliest', address: [] })).toEqual(all)
  })

  test('address with no logs → []', async () => {
    expect(await getLogs(main, { fromBlock: 'earliest', address: a3 })).toEqual([])
  })

  const topicCases: Array<[string, TopicFilter, number]> = [
    ['[] matches every log, the topic-less one included', [], 13],
    ['one topic matches at position 0', [TRANSFER], 4],
    ['null is a wildcard at its position', [TRANSFER, null, addressTopic(a1)], 2],
    ['an array is OR at its position', [[ONE_TOPIC, TWO_TOPICS]], 2],
    [
      'OR arrays at two positions',
      [
        [TRANSFER, TICK],
        [addressTopic(a0), word(1n)],
      ],
      4,
    ],
    ['an array holding null is a wildcard', [[ONE_TOPIC, null]], 12],
    ['[null] needs one topic: the anonymous zero-topic log is left out', [null], 12],
    ['an empty array is a wildcard that still needs a topic at its position', [[]], 12],
    ['N positions need N topics, even when only wildcards', [null, null, null, null], 2],
    ['a matching first topic is not enough when more positions are asked', [ONE_TOPIC, null], 0],
    ['a value at position 1 only', [null, word(2n)], 2],
    ['the last of four positions', [null, null, null, C], 1],
    ['nothing matches an unknown topic', [keccak256('0x01')], 0],
  ]
  for (const [name, topics, count] of topicCases) {
    test(`topics: ${name}`, async () => {
      const logs = await getLogs(main, { fromBlock: 'earliest', topics })
      expect(logs).toEqual(reference(all, { from: 0n, to: head, topics }))
      expect(logs).toHaveLength(count)
    })
  }

  test('address and topics together', async () => {
    const logs = await getLogs(main, { fromBlock: '0x1', address: emitter, topics: [[TICK, THREE_TOPICS], null, addressTopic(a1)] })
    expect(logs).toEqual(reference(all, { from: 1n, to: head, addresses: [emitter], topics: [[TICK, THREE_TOPICS], null, addressTopic(a1)] }))
    expect(logs).toHaveLength(4)
  })

  test('upper-case topic digits match the same logs', async () => {
    const upper = `0x${FOUR_TOPICS.slice(2).toUpperCase()}` as Hex
    expect(await getLogs(main, { fromBlock: 'earliest', topics: [upper] })).toEqual(reference(all, { from: 0n, to: head, topics: [FOUR_TOPICS] }))
  })

  test('earliest to earliest → the genesis block, which has no logs', async () => {
    expect(await getLogs(main, { fromBlock: 'earliest', toBlock: 'earliest' })).toEqual([])
  })

  test('safe is head − 2 and finalized head − 4 (configured depths)', async () => {
    const logs = await getLogs(main, { fromBlock: 'finalized', toBlock: 'safe' })
    expect(logs).toEqual(reference(all, { from: head - 4n, to: head - 2n }))
    expect(new Set(logs.map((l) => l.blockNumber))).toEqual(new Set([hex(head - 4n), hex(head - 3n), hex(head - 2n)]))
    expect(await getLogs(main, { fromBlock: 'safe' })).toEqual(reference(all, { from: head - 2n, to: head }))
    expect(await getLogs(main, { fromBlock: 'earliest', toBlock: 'finalized' })).toEqual(reference(all, { from: 0n, to: head - 4n }))
  })

  test('toBlock pending with an empty pool → the canonical logs only', async () => {
    expect(await getLogs(main, { fromBlock: 'latest', toBlock: 'pending' })).toEqual(reference(all, { from: head, to: head }))
    expect(await getLogs(main, { fromBlock: 'pending', toBlock: 'pending' })).toEqual([])
  })

  test('blockHash → the logs of that block only', async () => {
    const block = await rpc(main, 'eth_getBlockByNumber', ['0x7', false])
    const logs = await getLogs(main, { blockHash: block.hash })
    expect(logs).toEqual(reference(all, { from: 7n, to: 7n }))
    expect(logs).toHaveLength(1)
  })

  test('blockhash (lower case, as the reference spells it) is accepted as blockHash', async () => {
    const block = await rpc(main, 'eth_getBlockByNumber', [hex(head), false])
    expect(await getLogs(main, { blockhash: block.hash, address: token })).toEqual(reference(all, { from: head, to: head, addresses: [token] }))
  })

  test('blockHash of a block without logs → []', async () => {
    const genesis = await rpc(main, 'eth_getBlockByNumber', ['0x0', false])
    expect(await getLogs(main, { blockHash: genesis.hash })).toEqual([])
  })

  test('null fields are absent fields', async () => {
    expect(await getLogs(main, { fromBlock: null, toBlock: null, address: null, topics: null, blockHash: null })).toEqual(
      reference(all, { from: head, to: head }),
    )
  })

  test('the answer is the same over WebSocket', async () => {
    const client = new WebSocket(server.networks.main!.wsUrl)
    await new Promise((resolve, reject) => client.once('open', resolve).once('error', reject))
    const answer = new Promise<string>((resolve) => client.once('message', (data) => resolve(String(data))))
    client.send(JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'eth_getLogs', params: [{ fromBlock: 'earliest', address: token }] }))
    expect(JSON.parse(await answer)).toEqual({ jsonrpc: '2.0', id: 9, result: reference(all, { from: 0n, to: head, addresses: [token] }) })
    client.close()
  })
})

describe('valid params: pending logs (manual mining)', () => {
  test('pending to pending → only the pool’s logs, with null positions, in fee order then arrival', async () => {
    const logs = await getLogs(manual, { fromBlock: 'pending', toBlock: 'pending' })
    expect(logs).toEqual([
      {
        address: manualEmitter,
        topics: [THREE_TOPICS, word(12n), addressTopic(a2)],
        data: word(13n),
        blockNumber: null,
        transactionHash: null,
        transactionIndex: null,
        blockHash: null,
        blockTimestamp: null,
        logIndex: null,
        removed: false,
      },
      expect.objectContaining({ topics: [TWO_TOPICS, word(10n)], data: word(11n), logIndex: null, blockHash: null }),
      expect.objectContaining({ topics: [ONE_TOPIC], data: word(14n), logIndex: null, blockHash: null }),
    ])
    for (const log of logs) expect(Object.keys(log).sort()).toEqual(LOG_FIELDS)
  })

  test('latest to pending → the head block’s logs with positions, then the pending logs', async () => {
    const logs = await getLogs(manual, { fromBlock: 'latest', toBlock: 'pending' })
    expect(logs).toHaveLength(4)
    expect(logs[0]).toMatchObject({ topics: [ONE_TOPIC], data: word(1n), logIndex: '0x0', blockNumber: await rpc(manual, 'eth_blockNumber') })
    expect(logs.slice(1).map((l) => l.blockNumber)).toEqual([null, null, null])
  })

  test('pending logs are filtered by address and topics like mined ones', async () => {
    expect(await getLogs(manual, { fromBlock: 'pending', toBlock: 'pending', topics: [TWO_TOPICS] })).toEqual([
      expect.objectContaining({ topics: [TWO_TOPICS, word(10n)], blockNumber: null }),
    ])
    expect(await getLogs(manual, { fromBlock: 'pending', toBlock: 'pending', address: a0 })).toEqual([])
  })

  test('latest never includes the pool', async () => {
    const logs = await getLogs(manual, { fromBlock: 'earliest' })
    expect(logs).toHaveLength(1)
    expect(logs[0]!.blockNumber).not.toBeNull()
  })

  test('once mined, the same logs come back with positions and pending is empty again', async () => {
    await rpc(manual, 'evm_mine')
    const mined = await getLogs(manual, {})
    expect(mined.map((l) => [l.transactionHash, l.logIndex])).toEqual([
      [pendingTxs.high, '0x0'],
      [pendingTxs.low, '0x1'],
      [pendingTxs.lowLater, '0x2'],
    ])
    expect(await getLogs(manual, { fromBlock: 'pending', toBlock: 'pending' })).toEqual([])
  })
})

describe('valid params: result limit 50 (configured)', () => {
  const tooMany = (from: bigint, to: bigint) => ({
    code: -32005,
    message: `query returned more than 50 results. Try with this block range [${hex(from)}, ${hex(to)}].`,
    data: { from: hex(from), to: hex(to), limit: 50 },
  })

  test('exactly 50 results are answered', async () => {
    const { b10, empty } = smallBlocks
    expect(await getLogs(small, { fromBlock: hex(b10), toBlock: hex(empty) })).toHaveLength(50)
  })

  test('51 or more → -32005 naming the widest range from fromBlock that fits', async () => {
    const { b10, empty, b5 } = smallBlocks
    const error = await rpcError(small, 'eth_getLogs', [{ fromBlock: hex(b10), toBlock: hex(b5) }])
    // The empty block after the 25-log block still fits: the range ends right before the 5-log block.
    expect(error).toEqual(tooMany(b10, empty))
  })

  test('the suggested range really fits, and one block more does not', async () => {
    for (const fromBlock of ['earliest', hex(smallBlocks.b15), hex(smallBlocks.b25)]) {
      const error = await rpcError(small, 'eth_getLogs', [{ fromBlock, toBlock: 'latest' }])
      const { from, to } = error.data as { from: Hex; to: Hex }
      expect(from).toBe(fromBlock === 'earliest' ? '0x0' : fromBlock)
      expect((await getLogs(small, { fromBlock: from, toBlock: to })).length).toBeLessThanOrEqual(50)
      const wider = await rpcError(small, 'eth_getLogs', [{ fromBlock: from, toBlock: hex(BigInt(to) + 1n) }])
      expect(wider.code).toBe(-32005)
    }
  })

  test('from the 15-log block: 15 + 25 + 0 + 5 fit, the 60-log block does not', async () => {
    const { b15, b5 } = smallBlocks
    expect(await rpcError(small, 'eth_getLogs', [{ fromBlock: hex(b15) }])).toEqual(tooMany(b15, b5))
  })

  test('with address and topics that need a scan, the same range is suggested', async () => {
    const { b10, empty } = smallBlocks
    const error = await rpcError(small, 'eth_getLogs', [{ fromBlock: hex(b10), topics: [TICK, null, addressTopic(a0)] }])
    expect(error).toEqual(tooMany(b10, empty))
  })

  test('toBlock pending: pending logs count toward the limit', async () => {
    expect(await getLogs(pendingSmall, { fromBlock: 'earliest', toBlock: 'latest' })).toHaveLength(2)
    expect(await getLogs(pendingSmall, { fromBlock: 'pending', toBlock: 'pending' })).toHaveLength(2)
    const error = await rpcError(pendingSmall, 'eth_getLogs', [{ fromBlock: 'earliest', toBlock: 'pending' }])
    expect(error.code).toBe(-32005)
  })

  test('one block alone over the limit → -32005 with no range to suggest (none fits)', async () => {
    const { b60 } = smallBlocks
    const error = await rpcError(small, 'eth_getLogs', [{ fromBlock: hex(b60), toBlock: hex(b60) }])
    expect(error.code).toBe(-32005)
    expect(error.message).toMatch(/^query returned more than 50 results/)
    expect(error.message).not.toMatch(/Try with this block range/)
  })
})

describe('valid params: the real limits', () => {
  test('exactly 10,000 results are answered', async () => {
    const { A, B } = bulkBlocks
    const logs = await getLogs(bulk, { fromBlock: hex(A), toBlock: hex(B) })
    expect(logs).toHaveLength(10_000)
    expect(logs[0]).toMatchObject({ blockNumber: hex(A), logIndex: '0x0' })
    expect(logs[9_999]).toMatchObject({ blockNumber: hex(B), logIndex: hex(4_999) })
  })

  test('10,001 results → -32005 with Infura’s message and data, the suggested range answering 10,000', async () => {
    const { A, B, C } = bulkBlocks
    const error = await rpcError(bulk, 'eth_getLogs', [{ fromBlock: hex(A), toBlock: hex(C) }])
    expect(error).toEqual({
      code: -32005,
      message: `query returned more than 10000 results. Try with this block range [${hex(A)}, ${hex(B)}].`,
      data: { from: hex(A), to: hex(B), limit: 10_000 },
    })
  })

  test('from earliest: the suggestion starts at 0x0 and ends before the 10,001st log', async () => {
    const error = await rpcError(bulk, 'eth_getLogs', [{ fromBlock: 'earliest', toBlock: 'latest' }])
    expect(error.data).toEqual({ from: '0x0', to: hex(bulkBlocks.B), limit: 10_000 })
    expect(await getLogs(bulk, { fromBlock: '0x0', toBlock: hex(bulkBlocks.B) })).toHaveLength(10_000)
    // The widest: one block more is refused again.
    expect((await rpcError(bulk, 'eth_getLogs', [{ fromBlock: '0x0', toBlock: hex(bulkBlocks.B + 1n) }])).code).toBe(-32005)
  })

  test('10,001 results through a scanned filter → the same answer', async () => {
    const { A, B } = bulkBlocks
    const error = await rpcError(bulk, 'eth_getLogs', [{ fromBlock: hex(A), topics: [TICK, null, addressTopic(a0)] }])
    expect(error.data).toEqual({ from: hex(A), to: hex(B), limit: 10_000 })
  })

  test('5,000 parameters are accepted', async () => {
    const addresses = Array.from({ length: 5_000 }, (_, i) => hex(BigInt(i) + (1n << 156n)))
    expect(await getLogs(bulk, { fromBlock: 'earliest', address: addresses })).toEqual([])
  })
})

describe('invalid params', () => {
  test('no filter object → -32602', async () => {
    expect(await rpcError(main, 'eth_getLogs', [])).toMatchObject({ code: -32602, message: expect.stringMatching(/argument 0/) })
  })

  for (const [name, filter] of [
    ['a string', 'latest'],
    ['a number', 1],
    ['an array', [{}]],
  ] as const) {
    test(`filter that is ${name} → -32602`, async () => {
      expect(await rpcError(main, 'eth_getLogs', [filter])).toMatchObject({
        code: -32602,
        message: expect.stringMatching(/argument 0.*filter object/),
      })
    })
  }

  test('a malformed address → -32602 naming the address', async () => {
    const error = await rpcError(main, 'eth_getLogs', [{ address: '0x1234' }])
    expect(error).toMatchObject({ code: -32602, message: expect.stringMatching(/address/) })
  })

  test('a malformed topic → -32602 naming the topics', async () => {
    const error = await rpcError(main, 'eth_getLogs', [{ topics: [null, '0xabcd'] }])
    expect(error).toMatchObject({ code: -32602, message: expect.stringMatching(/topics\.1/) })
  })

  test('an unknown block tag → -32602', async () => {
    const error = await rpcError(main, 'eth_getLogs', [{ fromBlock: 'newest' }])
    expect(error).toMatchObject({ code: -32602, message: expect.stringMatching(/fromBlock.*block tag/) })
  })

  test('a block number as a JSON number → -32602', async () => {
    expect(await rpcError(main, 'eth_getLogs', [{ toBlock: 5 }])).toMatchObject({ code: -32602, message: expect.stringMatching(/toBlock/) })
  })

  test('more than 4 topic positions → -32602 exceed max topics', async () => {
    expect(await rpcError(main, 'eth_getLogs', [{ topics: [null, null, null, null, null] }])).toEqual({
      code: -32602,
      message: 'exceed max topics',
    })
  })

  test('blockHash with fromBlock → -32602 saying they are exclusive', async () => {
    const block = await rpc(main, 'eth_getBlockByNumber', ['latest', false])
    for (const filter of [
      { blockHash: block.hash, fromBlock: '0x1' },
      { blockHash: block.hash, toBlock: 'latest' },
      { blockhash: block.hash, fromBlock: 'earliest' },
    ]) {
      const error = await rpcError(main, 'eth_getLogs', [filter])
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(/cannot specify both BlockHash and FromBlock\/ToBlock/)
    }
  })

  test('fromBlock after toBlock → -32602 invalid block range params', async () => {
    expect(await rpcError(main, 'eth_getLogs', [{ fromBlock: '0x5', toBlock: '0x4' }])).toEqual({
      code: -32602,
      message: 'invalid block range params',
    })
  })

  test('fromBlock pending with a non-pending toBlock → -32602 invalid block range params', async () => {
    for (const toBlock of [undefined, 'latest', '0x1']) {
      expect(await rpcError(manual, 'eth_getLogs', [{ fromBlock: 'pending', toBlock }])).toEqual({
        code: -32602,
        message: 'invalid block range params',
      })
    }
  })

  test('toBlock past the head → -32602 block range extends beyond current head block', async () => {
    expect(await rpcError(main, 'eth_getLogs', [{ fromBlock: '0x1', toBlock: hex(head + 1n) }])).toEqual({
      code: -32602,
      message: 'block range extends beyond current head block',
    })
  })

  test('unknown blockHash → -32000 unknown block', async () => {
    expect(await rpcError(main, 'eth_getLogs', [{ blockHash: keccak256('0x1234') }])).toEqual({
      code: -32000,
      message: 'unknown block',
    })
  })

  test('a blockHash that is not 32 bytes → -32602', async () => {
    expect(await rpcError(main, 'eth_getLogs', [{ blockHash: '0x1234' }])).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/blockHash.*length/),
    })
  })

  test('more than 5,000 parameters → -32005 saying the count and the limit', async () => {
    const addresses = Array.from({ length: 5_001 }, (_, i) => hex(BigInt(i) + (1n << 156n)))
    const error = await rpcError(bulk, 'eth_getLogs', [{ address: addresses }])
    expect(error.code).toBe(-32005)
    expect(error.message).toMatch(/5001/)
    expect(error.message).toMatch(/5000/)
  })

  test('parameters count every OR alternative: 4,999 addresses + 2 topic alternatives → -32005', async () => {
    const addresses = Array.from({ length: 4_999 }, (_, i) => hex(BigInt(i) + (1n << 156n)))
    const error = await rpcError(bulk, 'eth_getLogs', [{ address: addresses, topics: [[TICK, TRANSFER]] }])
    expect(error).toMatchObject({ code: -32005, message: expect.stringMatching(/5001.*5000/) })
  })

  test('a configured parameter limit of 10: 10 pass, wildcards count nothing, 11 → -32005', async () => {
    const addresses = Array.from({ length: 8 }, (_, i) => hex(BigInt(i) + (1n << 156n)))
    expect(await getLogs(small, { address: addresses, topics: [[TICK, TRANSFER], null, null] })).toEqual([])
    const error = await rpcError(small, 'eth_getLogs', [{ address: addresses, topics: [[TICK, TRANSFER], null, C] }])
    expect(error).toMatchObject({ code: -32005, message: expect.stringMatching(/11.*10/) })
  })

  test('the parameter limit is checked before the block is looked up', async () => {
    const addresses = Array.from({ length: 11 }, (_, i) => hex(BigInt(i) + (1n << 156n)))
    const error = await rpcError(small, 'eth_getLogs', [{ address: addresses, blockHash: keccak256('0x99') }])
    expect(error.code).toBe(-32005)
  })

  test('a query running past the deadline → -32005 query timeout exceeded', async () => {
    // 100,000 OR alternatives make planning alone take several milliseconds, and the 3,000 candidate logs
    // (Tick has three topics, four positions are asked) pass the deadline's check while being scanned.
    const alternatives = [TICK, ...Array.from({ length: 99_999 }, (_, i) => `0xee${i.toString(16).padStart(62, '0')}`)]
    const filter = { fromBlock: 'earliest', topics: [alternatives, null, null, null] }
    expect(await rpcError(slow, 'eth_getLogs', [filter])).toEqual({ code: -32005, message: 'query timeout exceeded' })
    // The same query under the default 10 s deadline is answered (nothing has four topics).
    expect(await getLogs(wide, filter)).toEqual([])
  })
})
