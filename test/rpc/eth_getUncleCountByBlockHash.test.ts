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
  test('0x0 for a known block, orphaned ones too', async () => {
    const block = await rpc(server.url, 'eth_getBlockByNumber', ['latest', false])
    expect(await rpc(server.url, 'eth_getUncleCountByBlockHash', [block.hash])).toBe('0x0')
    await rpc(server.url, 'sim_reorg', [{ depth: 1 }])
    expect(await rpc(server.url, 'eth_getUncleCountByBlockHash', [block.hash])).toBe('0x0')
  })

  test('an unknown hash → null (geth)', async () => {
    expect(await rpc(server.url, 'eth_getUncleCountByBlockHash', [`0x${'00'.repeat(32)}`])).toBeNull()
  })
})

describe('invalid params', () => {
  const cases: Array<[string, unknown[], RegExp]> = [
    ['a block number instead of a hash → -32602', ['0x1'], /invalid argument 0: hex string has length 1, want 64 for hash/],
    ['no hash → -32602', [], /missing value for required argument 0/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async () => {
      const error = await rpcError(server.url, 'eth_getUncleCountByBlockHash', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})
