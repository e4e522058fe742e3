import { keccak256 } from 'viem/utils'
import { describe, expect } from 'vitest'
import { devAccount, send, type DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'

const test = rpcTestWith([{ mining: { auto: false } }])
let server: DevServer
let url: string
test.beforeAll(async ({ server: started }) => {
  server = started
  url = server.url
  await send(url, { from: devAccount(0).address, to: devAccount(9).address, value: '0x1' })
  await send(url, { from: devAccount(1).address, to: devAccount(9).address, value: '0x1' })
  await send(url, { from: devAccount(2).address, to: devAccount(9).address, value: '0x1' })
  await rpc(url, 'evm_mine')
})

const hashOf = async (tag: string) => (await rpc(url, 'eth_getBlockByNumber', [tag, false])).hash

describe('valid params', () => {
  test('a block with three transactions → 0x3', async () => {
    expect(await rpc(url, 'eth_getBlockTransactionCountByHash', [await hashOf('0x1')])).toBe('0x3')
  })

  test('genesis → 0x0', async () => {
    expect(await rpc(url, 'eth_getBlockTransactionCountByHash', [await hashOf('0x0')])).toBe('0x0')
  })

  test('upper-case hex digits → the same block', async () => {
    const hash: string = await hashOf('0x1')
    expect(await rpc(url, 'eth_getBlockTransactionCountByHash', [`0x${hash.slice(2).toUpperCase()}`])).toBe('0x3')
  })

  test('an unknown hash → null', async () => {
    expect(await rpc(url, 'eth_getBlockTransactionCountByHash', [keccak256('0x0a')])).toBeNull()
  })
})

describe('invalid params', () => {
  const cases: Array<[string, unknown[], RegExp]> = [
    ['a block number instead of a hash → -32602', ['0x1'], /argument 0: hex string has length 1, want 64 for hash/],
    ['a tag → -32602', ['latest'], /argument 0/],
    ['no params → -32602', [], /missing value for required argument 0/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async () => {
      const error = await rpcError(url, 'eth_getBlockTransactionCountByHash', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})
