import type { Hex } from 'viem'
import { describe, expect } from 'vitest'
import { deployTokenViaRpc, devAccount } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTest as test } from '../helpers/rpcTest.ts'

let url: string
let token: Hex
const slot = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as Hex

test.beforeAll(async ({ server }) => {
  url = server.url
  token = await deployTokenViaRpc(url)
})

describe('valid params', () => {
  test('slots of several accounts → each as eth_getStorageAt answers it, keyed by lower-case address', async () => {
    const other = devAccount(3).address
    const slots = [slot(0), slot(1), slot(2), '0x3']
    const answer = await rpc(url, 'eth_getStorageValues', [{ [token.toUpperCase().replace('0X', '0x')]: slots, [other]: [slot(0)] }, 'latest'])
    expect(Object.keys(answer).sort()).toEqual([token.toLowerCase(), other.toLowerCase()].sort())
    expect(answer[token.toLowerCase()]).toEqual(await Promise.all(slots.map((s) => rpc(url, 'eth_getStorageAt', [token, s, 'latest']))))
    expect(answer[other.toLowerCase()]).toEqual([slot(0)])
    expect(answer[token.toLowerCase()].some((value: Hex) => value !== slot(0))).toBe(true)
  })

  test('at the block before the deployment → zeros', async () => {
    expect(await rpc(url, 'eth_getStorageValues', [{ [token]: [slot(2)] }, '0x0'])).toEqual({ [token.toLowerCase()]: [slot(0)] })
  })

  test('exactly 1024 slots → answered', async () => {
    const slots = Array.from({ length: 1024 }, (_, i) => slot(i))
    const answer = await rpc(url, 'eth_getStorageValues', [{ [token]: slots }, 'latest'])
    expect(answer[token.toLowerCase()]).toHaveLength(1024)
  })
})

describe('invalid params', () => {
  test('more than 1024 slots across accounts → -38026 before any is read (geth’s limit)', async () => {
    const request = { [token]: Array.from({ length: 1000 }, (_, i) => slot(i)), [devAccount(0).address]: Array.from({ length: 25 }, () => 'not a slot') }
    const error = await rpcError(url, 'eth_getStorageValues', [request, 'latest'])
    expect(error.code).toBe(-38026)
    expect(error.message).toBe('too many slots: 1025 asked for, at most 1024')
  })

  const cases: Array<[string, unknown[], RegExp]> = [
    ['no slots at all → -32602 (geth: empty request)', [{ [devAccount(0).address]: [] }, 'latest'], /argument 0: empty request/],
    ['a key that is not an address → -32602', [{ '0x12': [slot(0)] }, 'latest'], /argument 0: 0x12: hex string has length 2, want 40 for address/],
    ['a slot longer than 32 bytes → -32602', [{ [devAccount(0).address]: [`0x${'1'.repeat(65)}`] }, 'latest'], /argument 0: /],
    ['an array instead of an object → -32602', [[slot(0)], 'latest'], /argument 0: expected object of addresses to storage slots/],
    ['no block → -32602', [{ [devAccount(0).address]: [slot(0)] }], /missing value for required argument 1/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async () => {
      const error = await rpcError(url, 'eth_getStorageValues', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})
