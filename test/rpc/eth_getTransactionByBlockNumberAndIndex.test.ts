import type { Hex } from 'viem'
import { describe, expect } from 'vitest'
import { devAccount, send, type DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'

const test = rpcTestWith([{ mining: { auto: false } }])
let server: DevServer
let url: string
let mined: Hex[]
let pooled: Hex

/** Block 1 holds two transactions; a third waits in the pool. */
test.beforeAll(async ({ server: started }) => {
  server = started
  url = server.url
  mined = [
    await send(url, { from: devAccount(0).address, to: devAccount(9).address, value: '0x1' }),
    await send(url, { from: devAccount(1).address, to: devAccount(9).address, value: '0x2' }),
  ]
  await rpc(url, 'evm_mine')
  pooled = await send(url, { from: devAccount(2).address, to: devAccount(9).address, value: '0x3' })
})

const byIndex = (tag: unknown, index: unknown) => rpc(url, 'eth_getTransactionByBlockNumberAndIndex', [tag, index])

describe('valid params', () => {
  test('each position → the same object as eth_getTransactionByHash', async () => {
    for (const [i, hash] of mined.entries()) {
      const tx = await byIndex('0x1', `0x${i}`)
      expect(tx).toEqual(await rpc(url, 'eth_getTransactionByHash', [hash]))
      expect(tx.transactionIndex).toBe(`0x${i}`)
    }
  })

  test('a tag works as a number (latest is block 1)', async () => {
    expect((await byIndex('latest', '0x1')).hash).toBe(mined[1])
  })

  test('pending → the pool’s transaction, with no block position', async () => {
    expect(await byIndex('pending', '0x0')).toEqual(await rpc(url, 'eth_getTransactionByHash', [pooled]))
    expect(await byIndex('pending', '0x0')).toMatchObject({ hash: pooled, blockHash: null, blockNumber: null, transactionIndex: null })
  })

  test('an index past the block’s transactions → null', async () => {
    expect(await byIndex('0x1', '0x2')).toBeNull()
    expect(await byIndex('pending', '0x1')).toBeNull()
    expect(await byIndex('earliest', '0x0')).toBeNull()
  })

  test('a block past the head → null', async () => {
    expect(await byIndex('0x5', '0x0')).toBeNull()
  })
})

describe('invalid params', () => {
  const cases: Array<[string, unknown[], RegExp]> = [
    ['an index with leading zeros → -32602', ['0x1', '0x00'], /argument 1: hex number with leading zero digits/],
    ['an index that is a JSON number → -32602', ['0x1', 0], /argument 1/],
    ['an unknown tag → -32602', ['newest', '0x0'], /argument 0/],
    ['no index → -32602', ['0x1'], /missing value for required argument 1/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async () => {
      const error = await rpcError(url, 'eth_getTransactionByBlockNumberAndIndex', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})
