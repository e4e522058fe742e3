import type { Hex } from 'viem'
import { describe, expect } from 'vitest'
import { deployTokenViaRpc, devAccount } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTest as test } from '../helpers/rpcTest.ts'

let url: string
let token: Hex

test.beforeAll(async ({ server }) => {
  url = server.url
  token = await deployTokenViaRpc(url)
})

const info = (address: unknown, block: unknown) => rpc(url, 'eth_getAccountInfo', [address, block])

describe('valid params', () => {
  test('each account → what eth_getBalance, eth_getTransactionCount and eth_getCode answer', async () => {
    for (const address of [devAccount(0).address, token, '0x00000000000000000000000000000000000000e2']) {
      for (const block of ['latest', '0x0']) {
        expect(await info(address, block)).toEqual({
          balance: await rpc(url, 'eth_getBalance', [address, block]),
          nonce: await rpc(url, 'eth_getTransactionCount', [address, block]),
          code: await rpc(url, 'eth_getCode', [address, block]),
        })
      }
    }
  })

  test('a contract at the block before it was deployed → no code', async () => {
    expect((await info(token, '0x0')).code).toBe('0x')
    expect((await info(token, 'latest')).code.length).toBeGreaterThan(2)
  })
})

describe('invalid params', () => {
  const cases: Array<[string, unknown[], RegExp]> = [
    ['no block (Anvil requires it) → -32602', [devAccount(0).address], /missing value for required argument 1/],
    ['a block that is not a tag → -32602', [devAccount(0).address, 'newest'], /argument 1: /],
    ['no params → -32602', [], /missing value for required argument 0/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async () => {
      const error = await rpcError(url, 'eth_getAccountInfo', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})
