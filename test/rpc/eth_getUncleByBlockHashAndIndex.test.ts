import { describe, expect } from 'vitest'
import type { DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTest } from '../helpers/rpcTest.ts'

const test = rpcTest
let server: DevServer
test.beforeAll(async ({ server: started }) => {
  server = started
  await rpc(server.url, 'evm_mine')
})

describe('valid params', () => {
  test('null: blocks after the merge have no uncles (geth); unknown hashes too', async () => {
    const block = await rpc(server.url, 'eth_getBlockByNumber', ['latest', false])
    expect(await rpc(server.url, 'eth_getUncleByBlockHashAndIndex', [block.hash, '0x0'])).toBeNull()
    expect(await rpc(server.url, 'eth_getUncleByBlockHashAndIndex', [`0x${'00'.repeat(32)}`, '0x0'])).toBeNull()
  })
})

describe('invalid params', () => {
  const cases: Array<[string, unknown[], RegExp]> = [
    ['a tag instead of a hash → -32602', ['latest', '0x0'], /invalid argument 0: hex string without 0x prefix/],
    ['an index with leading zeros → -32602', [`0x${'00'.repeat(32)}`, '0x00'], /invalid argument 1: hex number with leading zero digits/],
    ['no index → -32602', [`0x${'00'.repeat(32)}`], /missing value for required argument 1/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async () => {
      const error = await rpcError(server.url, 'eth_getUncleByBlockHashAndIndex', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})
