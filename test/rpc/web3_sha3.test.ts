import { keccak256 } from 'viem'
import { describe, expect } from 'vitest'
import type { DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTest } from '../helpers/rpcTest.ts'

const test = rpcTest
let server: DevServer
test.beforeAll(async ({ server: started }) => {
  server = started
})

describe('valid params', () => {
  test('the keccak-256 of the bytes, as viem computes it', async () => {
    for (const data of ['0x', '0x68656c6c6f20776f726c64', `0x${'ff'.repeat(1000)}`] as const) {
      expect(await rpc(server.url, 'web3_sha3', [data])).toBe(keccak256(data))
    }
  })

  test("geth's example: keccak of 'hello world'", async () => {
    expect(await rpc(server.url, 'web3_sha3', ['0x68656c6c6f20776f726c64'])).toBe('0x47173285a8d7341e5e972fc677286384f802f8ef42a5ec5f03bbfa254cb01fad')
  })
})

describe('invalid params', () => {
  const cases: Array<[string, unknown[], RegExp]> = [
    ['text that is not hex (it is the bytes that are hashed) → -32602', ['hello'], /invalid argument 0: hex string without 0x prefix/],
    ['odd-length hex → -32602', ['0x123'], /invalid argument 0: hex string has odd length/],
    ['no data → -32602', [], /missing value for required argument 0/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async () => {
      const error = await rpcError(server.url, 'web3_sha3', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})
