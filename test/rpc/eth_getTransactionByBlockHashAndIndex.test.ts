import type { Hex } from 'viem'
import { keccak256 } from 'viem/utils'
import { describe, expect } from 'vitest'
import { devAccount, send, type DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'

const test = rpcTestWith([{ mining: { auto: false } }])
let server: DevServer
let url: string
let mined: Hex[]
let blockHash: Hex

test.beforeAll(async ({ server: started }) => {
  server = started
  url = server.url
  mined = [
    await send(url, { from: devAccount(0).address, to: devAccount(9).address, value: '0x1' }),
    await send(url, { from: devAccount(1).address, to: devAccount(9).address, value: '0x2' }),
  ]
  await rpc(url, 'evm_mine')
  blockHash = (await rpc(url, 'eth_getBlockByNumber', ['0x1', false])).hash
})

const byIndex = (hash: unknown, index: unknown) => rpc(url, 'eth_getTransactionByBlockHashAndIndex', [hash, index])

describe('valid params', () => {
  test('each position → the same object as eth_getTransactionByHash', async () => {
    for (const [i, hash] of mined.entries()) {
      expect(await byIndex(blockHash, `0x${i}`)).toEqual(await rpc(url, 'eth_getTransactionByHash', [hash]))
    }
  })

  test('an index past the block’s transactions → null', async () => {
    expect(await byIndex(blockHash, '0x2')).toBeNull()
  })

  test('an unknown block hash → null', async () => {
    expect(await byIndex(keccak256('0x0b'), '0x0')).toBeNull()
  })
})

describe('invalid params', () => {
  const cases: Array<[string, unknown[], RegExp]> = [
    ['a block number instead of a hash → -32602', ['0x1', '0x0'], /argument 0: hex string has length 1, want 64 for hash/],
    ['an index that is not hex → -32602', [`0x${'11'.repeat(32)}`, 'first'], /argument 1: hex string without 0x prefix/],
    ['an empty index 0x → -32602', [`0x${'11'.repeat(32)}`, '0x'], /argument 1: empty hex number/],
    ['no params → -32602', [], /missing value for required argument 0/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async () => {
      const error = await rpcError(url, 'eth_getTransactionByBlockHashAndIndex', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})
