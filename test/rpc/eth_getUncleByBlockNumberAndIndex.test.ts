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
  test('null: blocks after the merge have no uncles (geth); unknown blocks too', async () => {
    for (const params of [
      ['latest', '0x0'],
      ['0x0', '0x0'],
      ['pending', '0x1'],
      ['0x99', '0x0'],
    ]) {
      expect(await rpc(server.url, 'eth_getUncleByBlockNumberAndIndex', params)).toBeNull()
    }
  })
})

describe('invalid params', () => {
  const cases: Array<[string, unknown[], RegExp]> = [
    ['an index past 64 bits → -32602', ['latest', `0x1${'0'.repeat(16)}`], /invalid argument 1: hex number > 64 bits/],
    ['a decimal index → -32602', ['latest', 0], /invalid argument 1: expected 0x-prefixed hex number/],
    ['no index → -32602', ['latest'], /missing value for required argument 1/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async () => {
      const error = await rpcError(server.url, 'eth_getUncleByBlockNumberAndIndex', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})
