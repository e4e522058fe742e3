import { describe, expect } from 'vitest'
import type { DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTest } from '../helpers/rpcTest.ts'

const test = rpcTest
let server: DevServer
test.beforeAll(async ({ server: started }) => {
  server = started
  await rpc(server.url, 'anvil_mine', ['0x2'])
})

describe('valid params', () => {
  test('0x0 for every block chainsim mines (there are no uncles after the merge), tags and pending too', async () => {
    for (const tag of ['0x0', '0x1', 'latest', 'earliest', 'safe', 'finalized', 'pending']) {
      expect(await rpc(server.url, 'eth_getUncleCountByBlockNumber', [tag])).toBe('0x0')
    }
  })

  test('a block past the head → null (geth)', async () => {
    expect(await rpc(server.url, 'eth_getUncleCountByBlockNumber', ['0x99'])).toBeNull()
  })
})

describe('invalid params', () => {
  const cases: Array<[string, unknown[], RegExp]> = [
    ['an unknown tag → -32602', ['newest'], /invalid argument 0: invalid block tag/],
    ['a number with leading zeros → -32602', ['0x01'], /invalid argument 0: hex number with leading zero digits/],
    ['no block → -32602', [], /missing value for required argument 0/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async () => {
      const error = await rpcError(server.url, 'eth_getUncleCountByBlockNumber', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})
