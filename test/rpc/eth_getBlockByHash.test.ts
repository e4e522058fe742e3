import type { Hex } from 'viem'
import { keccak256 } from 'viem/utils'
import { describe, expect } from 'vitest'
import { devAccount, receiptOf, send, type DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTest } from '../helpers/rpcTest.ts'

const test = rpcTest
let server: DevServer
let url: string
let txHash: Hex
let blockHash: Hex

test.beforeAll(async ({ server: started }) => {
  server = started
  url = server.url
  txHash = await send(url, { from: devAccount(0).address, to: devAccount(1).address, value: '0x1' })
  blockHash = (await receiptOf(url, txHash)).blockHash
  await rpc(url, 'evm_mine')
})

describe('valid params', () => {
  test('the block with that hash, the same as by number', async () => {
    const byHash = await rpc(url, 'eth_getBlockByHash', [blockHash, false])
    expect(byHash.hash).toBe(blockHash)
    expect(byHash.transactions).toEqual([txHash])
    expect(byHash).toEqual(await rpc(url, 'eth_getBlockByNumber', [byHash.number, false]))
  })

  test('with full transactions, the same as by number', async () => {
    const byHash = await rpc(url, 'eth_getBlockByHash', [blockHash, true])
    expect(byHash.transactions[0]).toMatchObject({ hash: txHash, blockHash, transactionIndex: '0x0' })
    expect(byHash).toEqual(await rpc(url, 'eth_getBlockByNumber', [byHash.number, true]))
  })

  test('genesis by its hash', async () => {
    const genesis = await rpc(url, 'eth_getBlockByNumber', ['earliest', false])
    expect(await rpc(url, 'eth_getBlockByHash', [genesis.hash, false])).toEqual(genesis)
  })

  test('fullTransactions may be omitted (hashes)', async () => {
    expect((await rpc(url, 'eth_getBlockByHash', [blockHash])).transactions).toEqual([txHash])
  })

  test('upper-case hex digits find the same block', async () => {
    const upper = `0x${blockHash.slice(2).toUpperCase()}`
    expect(await rpc(url, 'eth_getBlockByHash', [upper, false])).toEqual(await rpc(url, 'eth_getBlockByHash', [blockHash, false]))
  })

  test('an unknown hash → null', async () => {
    expect(await rpc(url, 'eth_getBlockByHash', [keccak256('0x00'), true])).toBeNull()
  })
})

describe('invalid params', () => {
  const cases: Array<[string, unknown[], RegExp]> = [
    ['a 31-byte hash → -32602 naming the length', [`0x${'ab'.repeat(31)}`, false], /argument 0: hex string has length 62, want 64 for hash/],
    ['a tag instead of a hash → -32602', ['latest', false], /argument 0: hex string without 0x prefix/],
    ['a hash that is not a string → -32602', [null, false], /argument 0: expected 0x-prefixed 32-byte hash/],
    ['fullTransactions that is not a boolean → -32602', [`0x${'ab'.repeat(32)}`, 1], /argument 1: expected boolean/],
    ['no params → -32602', [], /missing value for required argument 0/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async () => {
      const error = await rpcError(url, 'eth_getBlockByHash', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})
