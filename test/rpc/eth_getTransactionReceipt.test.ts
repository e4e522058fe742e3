import type { Hex } from 'viem'
import { bytesToHex, hexToBytes, keccak256, pad, toHex } from 'viem/utils'
import { describe, expect } from 'vitest'
import { deployEmitterViaRpc, devAccount, emitterCall, hex, send, type DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'

const RECEIPT_FIELDS = [
  'blockHash',
  'blockNumber',
  'contractAddress',
  'cumulativeGasUsed',
  'effectiveGasPrice',
  'from',
  'gasUsed',
  'logs',
  'logsBloom',
  'status',
  'to',
  'transactionHash',
  'transactionIndex',
  'type',
].sort()
const EMPTY_BLOOM = `0x${'00'.repeat(256)}`
const GWEI = 10n ** 9n

const test = rpcTestWith([{ mining: { auto: false } }])
let server: DevServer
let url: string
let emitter: Hex
let deployHash: Hex
/** Block 2: an event, a plain transfer and a revert, in this order; `pending` waits in the pool. */
let txs: { event: Hex; transfer: Hex; revert: Hex; pending: Hex }

/** The 2048-bit logs bloom of Ethereum's yellow paper, computed here from the logs. */
function bloomOf(logs: Array<{ address: Hex; topics: Hex[] }>): Hex {
  const bloom = new Uint8Array(256)
  const add = (value: Hex) => {
    const hash = hexToBytes(keccak256(value))
    for (const i of [0, 2, 4]) {
      const bit = ((hash[i]! << 8) | hash[i + 1]!) & 2047
      bloom[255 - (bit >> 3)]! |= 1 << (bit & 7)
    }
  }
  for (const log of logs) {
    add(log.address)
    log.topics.forEach(add)
  }
  return bytesToHex(bloom)
}

test.beforeAll(async ({ server: started }) => {
  server = started
  url = server.url
  emitter = await deployEmitterViaRpc(url, { mine: true })
  deployHash = (await rpc(url, 'eth_getBlockByNumber', ['0x1', false])).transactions[0]
  const fees = { maxFeePerGas: hex(50n * GWEI), maxPriorityFeePerGas: hex(2n * GWEI) }
  const event = await send(url, { from: devAccount(0).address, to: emitter, data: emitterCall('emitTwoTopics', [9n, 10n]), ...fees })
  const transfer = await send(url, { from: devAccount(1).address, to: devAccount(2).address, value: '0x64', ...fees })
  const revert = await send(url, { from: devAccount(2).address, to: emitter, data: emitterCall('revertWith', ['x']), gas: hex(100_000), ...fees })
  await rpc(url, 'evm_mine')
  const pending = await send(url, { from: devAccount(3).address, to: devAccount(4).address, value: '0x1' })
  txs = { event, transfer, revert, pending }
})

const receipt = (hash: Hex) => rpc<Record<string, any>>(url, 'eth_getTransactionReceipt', [hash])

describe('valid params', () => {
  test('a successful call: geth’s fields, status 0x1, its log with positions and block time', async () => {
    const r = await receipt(txs.event)
    const block = await rpc(url, 'eth_getBlockByNumber', ['0x2', false])
    expect(Object.keys(r).sort()).toEqual(RECEIPT_FIELDS)
    expect(r).toMatchObject({
      blockHash: block.hash,
      blockNumber: '0x2',
      contractAddress: null,
      from: devAccount(0).address.toLowerCase(),
      to: emitter,
      status: '0x1',
      transactionHash: txs.event,
      transactionIndex: '0x0',
      type: '0x2',
    })
    expect(r.logs).toEqual([
      {
        address: emitter,
        topics: [keccak256(toHex('TwoTopics(uint256,uint256)')), pad('0x9')],
        data: pad('0xa'),
        blockNumber: '0x2',
        transactionHash: txs.event,
        transactionIndex: '0x0',
        blockHash: block.hash,
        blockTimestamp: block.timestamp,
        logIndex: '0x0',
        removed: false,
      },
    ])
  })

  test('logsBloom is the bloom of the receipt’s logs; no logs → all zero', async () => {
    const r = await receipt(txs.event)
    expect(r.logsBloom).toBe(bloomOf(r.logs))
    expect(r.logsBloom).not.toBe(EMPTY_BLOOM)
    expect((await receipt(txs.transfer)).logsBloom).toBe(EMPTY_BLOOM)
  })

  test('cumulativeGasUsed adds up the block’s receipts and ends at the block’s gas used', async () => {
    const receipts = await Promise.all([txs.event, txs.transfer, txs.revert].map(receipt))
    let sum = 0n
    for (const [i, r] of receipts.entries()) {
      sum += BigInt(r.gasUsed)
      expect(r.transactionIndex).toBe(hex(i))
      expect(BigInt(r.cumulativeGasUsed)).toBe(sum)
    }
    expect((await rpc(url, 'eth_getBlockByNumber', ['0x2', false])).gasUsed).toBe(hex(sum))
    expect((await receipt(txs.transfer)).gasUsed).toBe('0x5208')
  })

  test('effectiveGasPrice is base fee + tip, capped by the fee cap', async () => {
    const block = await rpc(url, 'eth_getBlockByNumber', ['0x2', false])
    expect((await receipt(txs.transfer)).effectiveGasPrice).toBe(hex(BigInt(block.baseFeePerGas) + 2n * GWEI))
  })

  test('a reverted transaction → status 0x0 and none of its logs', async () => {
    const r = await receipt(txs.revert)
    expect(r.status).toBe('0x0')
    expect(r.logs).toEqual([])
    expect(BigInt(r.gasUsed)).toBeGreaterThan(21_000n)
  })

  test('a contract creation → contractAddress set, to null', async () => {
    expect(await receipt(deployHash)).toMatchObject({ contractAddress: emitter, to: null, status: '0x1', blockNumber: '0x1' })
  })

  test('a transaction still in the pool → null', async () => {
    expect(await rpc(url, 'eth_getTransactionReceipt', [txs.pending])).toBeNull()
  })

  test('an unknown hash → null', async () => {
    expect(await rpc(url, 'eth_getTransactionReceipt', [keccak256('0x0c')])).toBeNull()
  })
})

describe('invalid params', () => {
  const cases: Array<[string, unknown[], RegExp]> = [
    ['a short hash → -32602 naming the length', ['0x1234'], /argument 0: hex string has length 4, want 64 for hash/],
    ['a hash without 0x → -32602', ['ab'.repeat(32)], /argument 0: hex string without 0x prefix/],
    ['no params → -32602', [], /missing value for required argument 0/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async () => {
      const error = await rpcError(url, 'eth_getTransactionReceipt', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})
