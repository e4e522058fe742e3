import type { Hex } from 'viem'
import { keccak256 } from 'viem/utils'
import { describe, expect } from 'vitest'
import { deployTokenViaRpc } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTest as test } from '../helpers/rpcTest.ts'

let url: string
let code: Hex

test.beforeAll(async ({ server }) => {
  url = server.url
  code = await rpc(url, 'eth_getCode', [await deployTokenViaRpc(url), 'latest'])
})

describe('valid params', () => {
  test('the hash of a deployed contract’s code → that code, at latest and by default', async () => {
    expect(await rpc(url, 'debug_codeByHash', [keccak256(code), 'latest'])).toBe(code)
    expect(await rpc(url, 'debug_codeByHash', [keccak256(code)])).toBe(code)
  })

  test('the empty code’s hash → 0x', async () => {
    expect(await rpc(url, 'debug_codeByHash', [keccak256('0x')])).toBe('0x')
  })

  test('a hash no account’s code has → null', async () => {
    expect(await rpc(url, 'debug_codeByHash', [keccak256('0x6001')])).toBeNull()
  })
})

describe('invalid params', () => {
  const cases: Array<[string, unknown[], number, RegExp]> = [
    ['a short hash → -32602', ['0x12'], -32602, /argument 0: hex string has length 2, want 64 for hash/],
    ['a block past the head → -32000', [keccak256('0x'), '0x99'], -32000, /header not found/],
    ['no params → -32602', [], -32602, /missing value for required argument 0/],
  ]
  for (const [name, params, code, message] of cases) {
    test(name, async () => {
      const error = await rpcError(url, 'debug_codeByHash', params)
      expect(error.code).toBe(code)
      expect(error.message).toMatch(message)
    })
  }
})
