import { describe, expect } from 'vitest'
import { devAccount, send } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTest as test } from '../helpers/rpcTest.ts'

let url: string

test.beforeAll(async ({ server }) => {
  url = server.url
  await send(url, { from: devAccount(0).address, to: devAccount(1).address, value: '0x1' })
})

describe('valid params', () => {
  test('a number or tag → the block eth_getBlockByNumber gives with transaction hashes (Anvil’s answer)', async () => {
    for (const tag of ['0x0', '0x1', 'latest', 'earliest']) {
      expect(await rpc(url, 'erigon_getHeaderByNumber', [tag])).toEqual(await rpc(url, 'eth_getBlockByNumber', [tag, false]))
    }
    expect((await rpc(url, 'erigon_getHeaderByNumber', ['0x1'])).transactions).toHaveLength(1)
  })

  test('a number past the head → null', async () => {
    expect(await rpc(url, 'erigon_getHeaderByNumber', ['0x99'])).toBeNull()
  })
})

describe('invalid params', () => {
  const cases: Array<[string, unknown[], RegExp]> = [
    ['a JSON number → -32602', [1], /argument 0: expected block tag or 0x-prefixed block number/],
    ['an unknown tag → -32602', ['newest'], /argument 0: invalid block tag/],
    ['no params → -32602', [], /missing value for required argument 0/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async () => {
      const error = await rpcError(url, 'erigon_getHeaderByNumber', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})
