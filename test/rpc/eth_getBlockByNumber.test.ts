import type { Hex } from 'viem'
import { describe, expect } from 'vitest'
import { deployTokenViaRpc, devAccount, hex, receiptOf, send, type DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'

/** The header fields geth returns for a Prague block. */
const PRAGUE_FIELDS = [
  'baseFeePerGas',
  'blobGasUsed',
  'difficulty',
  'excessBlobGas',
  'extraData',
  'gasLimit',
  'gasUsed',
  'hash',
  'logsBloom',
  'miner',
  'mixHash',
  'nonce',
  'number',
  'parentBeaconBlockRoot',
  'parentHash',
  'receiptsRoot',
  'requestsHash',
  'sha3Uncles',
  'size',
  'stateRoot',
  'timestamp',
  'transactions',
  'transactionsRoot',
  'uncles',
  'withdrawals',
  'withdrawalsRoot',
].sort()
const EMPTY_TRIE = '0x56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421'
const EMPTY_UNCLES = '0x1dcc4de8dec75d7aab85b567b6ccd41ad312451b948a7413f0a142fd40d49347'
const ZERO_HASH = `0x${'00'.repeat(32)}`

const test = rpcTestWith([
  { name: 'dev', finality: { safeDepth: 2, finalizedDepth: 4 } },
  { name: 'manual', mining: { auto: false } },
])
let server: DevServer
let url: string
let manual: string
let transferHash: Hex
let head: bigint

test.beforeAll(async ({ server: started }) => {
  server = started
  url = server.url
  manual = server.networks.manual!.url
  transferHash = await send(url, { from: devAccount(0).address, to: devAccount(1).address, value: '0x1' })
  await deployTokenViaRpc(url)
  await rpc(url, 'anvil_mine', ['0x5'])
  head = BigInt(await rpc(url, 'eth_blockNumber'))
})

const block = (tag: unknown, full = false) => rpc<Record<string, any> | null>(url, 'eth_getBlockByNumber', [tag, full])

/** EIP-1559: the base fee of the block after `parent`. */
function nextBaseFee(parent: Record<string, any>): bigint {
  const baseFee = BigInt(parent.baseFeePerGas)
  const target = BigInt(parent.gasLimit) / 2n
  const used = BigInt(parent.gasUsed)
  if (used === target) return baseFee
  if (used > target) {
    const delta = (baseFee * (used - target)) / target / 8n
    return baseFee + (delta > 1n ? delta : 1n)
  }
  return baseFee - (baseFee * (target - used)) / target / 8n
}

describe('valid params', () => {
  test('genesis: geth’s Prague fields, 1 gwei base fee, 30M gas limit, empty roots', async () => {
    const genesis = (await block('0x0'))!
    expect(Object.keys(genesis).sort()).toEqual(PRAGUE_FIELDS)
    expect(genesis).toMatchObject({
      number: '0x0',
      parentHash: ZERO_HASH,
      baseFeePerGas: '0x3b9aca00',
      gasLimit: '0x1c9c380',
      gasUsed: '0x0',
      difficulty: '0x0',
      nonce: '0x0000000000000000',
      transactions: [],
      transactionsRoot: EMPTY_TRIE,
      receiptsRoot: EMPTY_TRIE,
      sha3Uncles: EMPTY_UNCLES,
      uncles: [],
      withdrawals: [],
      withdrawalsRoot: EMPTY_TRIE,
    })
    expect(genesis.hash).toMatch(/^0x[0-9a-f]{64}$/)
  })

  test('every block links to its parent, numbers count up, timestamps grow, base fees follow EIP-1559', async () => {
    let parent = (await block('0x0'))!
    for (let n = 1n; n <= head; n++) {
      const current = (await block(hex(n)))!
      expect(Object.keys(current).sort()).toEqual(PRAGUE_FIELDS)
      expect(current.number).toBe(hex(n))
      expect(current.parentHash).toBe(parent.hash)
      expect(BigInt(current.timestamp)).toBeGreaterThan(BigInt(parent.timestamp))
      expect(BigInt(current.baseFeePerGas)).toBe(nextBaseFee(parent))
      parent = current
    }
  })

  test('a block with a transaction lists its hash, and its gas used is the receipt’s', async () => {
    const receipt = await receiptOf(url, transferHash)
    const found = (await block(receipt.blockNumber))!
    expect(found.transactions).toEqual([transferHash])
    expect(found.gasUsed).toBe(receipt.gasUsed)
    expect(found.hash).toBe(receipt.blockHash)
    expect(found.transactionsRoot).not.toBe(EMPTY_TRIE)
  })

  test('full transactions → the same objects as eth_getTransactionByHash', async () => {
    const receipt = await receiptOf(url, transferHash)
    const found = (await block(receipt.blockNumber, true))!
    expect(found.transactions).toEqual([await rpc(url, 'eth_getTransactionByHash', [transferHash])])
  })

  test('fullTransactions may be omitted (hashes)', async () => {
    const receipt = await receiptOf(url, transferHash)
    expect((await rpc(url, 'eth_getBlockByNumber', [receipt.blockNumber])).transactions).toEqual([transferHash])
  })

  test('tags: latest is the head, earliest genesis, safe head − 2 and finalized head − 4 (configured)', async () => {
    expect((await block('latest'))!.number).toBe(hex(head))
    expect((await block('earliest'))!.number).toBe('0x0')
    expect((await block('safe'))!.number).toBe(hex(head - 2n))
    expect((await block('finalized'))!.number).toBe(hex(head - 4n))
  })

  test('pending with an empty pool: the next block, unsealed (null hash, nonce and miner)', async () => {
    const latest = (await block('latest'))!
    const pending = (await block('pending'))!
    expect(pending).toMatchObject({
      number: hex(head + 1n),
      hash: null,
      nonce: null,
      miner: null,
      parentHash: latest.hash,
      transactions: [],
      baseFeePerGas: hex(nextBaseFee(latest)),
    })
  })

  test('pending with pooled transactions lists them; full objects have no block position', async () => {
    const hash = await send(manual, { from: devAccount(2).address, to: devAccount(3).address, value: '0x7' })
    const pending = await rpc(manual, 'eth_getBlockByNumber', ['pending', false])
    expect(pending.transactions).toEqual([hash])
    const full = await rpc(manual, 'eth_getBlockByNumber', ['pending', true])
    expect(full.transactions).toEqual([await rpc(manual, 'eth_getTransactionByHash', [hash])])
    expect(full.transactions[0]).toMatchObject({ blockHash: null, blockNumber: null, transactionIndex: null })
    expect(await rpc(manual, 'eth_getBlockByNumber', ['latest', false])).toMatchObject({ number: '0x0', transactions: [] })
  })

  test('a block past the head → null', async () => {
    expect(await block(hex(head + 1n))).toBeNull()
    expect(await block('0x3e8', true)).toBeNull()
  })
})

describe('invalid params', () => {
  const cases: Array<[string, unknown[], RegExp]> = [
    ['an unknown tag → -32602', ['newest', false], /argument 0: invalid block tag/],
    ['a number with leading zeros → -32602', ['0x01', false], /argument 0: hex number with leading zero digits/],
    ['a JSON number → -32602', [1, false], /argument 0/],
    ['a block hash → -32602 (that is eth_getBlockByHash)', [ZERO_HASH, false], /argument 0/],
    ['fullTransactions that is not a boolean → -32602', ['latest', 'true'], /argument 1: expected boolean/],
    ['no params → -32602', [], /missing value for required argument 0/],
    ['three params → -32602', ['latest', false, 1], /too many arguments/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async () => {
      const error = await rpcError(url, 'eth_getBlockByNumber', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})
