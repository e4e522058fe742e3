import type { Hex } from 'viem'
import { keccak256 } from 'viem/utils'
import { describe, expect } from 'vitest'
import { signRaw } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'

const test = rpcTestWith([{ mining: { auto: false } }])
const fees = {
  chainId: 31337,
  to: '0x00000000000000000000000000000000000000a1',
  value: 1n,
  gas: 21_000n,
  maxFeePerGas: 10n ** 10n,
  maxPriorityFeePerGas: 10n ** 9n,
} as const
let url: string
let minedRaw: Hex
let legacyRaw: Hex
let pooledRaw: Hex

test.beforeAll(async ({ server }) => {
  url = server.url
  minedRaw = await signRaw(url, 0, fees)
  legacyRaw = await signRaw(url, 1, { chainId: 31337, to: fees.to, value: 2n, gas: 21_000n, gasPrice: 10n ** 10n })
  await rpc(url, 'eth_sendRawTransaction', [minedRaw])
  await rpc(url, 'eth_sendRawTransaction', [legacyRaw])
  await rpc(url, 'evm_mine')
  pooledRaw = await signRaw(url, 2, fees)
  await rpc(url, 'eth_sendRawTransaction', [pooledRaw])
})

const raw = (hash: unknown) => rpc(url, 'eth_getRawTransactionByHash', [hash])

describe('valid params', () => {
  test('a mined typed transaction → the EIP-2718 envelope it was sent as', async () => {
    expect(await raw(keccak256(minedRaw))).toBe(minedRaw)
  })

  test('a mined legacy transaction → its RLP', async () => {
    expect(await raw(keccak256(legacyRaw))).toBe(legacyRaw)
  })

  test('a pooled transaction → its envelope, as geth answers one from its pool', async () => {
    expect(await raw(keccak256(pooledRaw))).toBe(pooledRaw)
  })

  test('an unknown hash → null', async () => {
    expect(await raw(keccak256('0x01'))).toBeNull()
  })

  test('a transaction orphaned back to the pool → still its envelope, as a pooled one', async () => {
    await rpc(url, 'evm_mine')
    const hash = keccak256(pooledRaw)
    expect((await rpc(url, 'eth_getTransactionByHash', [hash])).blockNumber).not.toBeNull()
    await rpc(url, 'sim_reorg', [{ depth: 1, reinclude: 'none' }])
    expect((await rpc(url, 'eth_getTransactionByHash', [hash])).blockNumber).toBeNull()
    expect(await raw(hash)).toBe(pooledRaw)
  })
})

describe('invalid params', () => {
  const cases: Array<[string, unknown[], RegExp]> = [
    ['a short hash → -32602', ['0x1234'], /argument 0: hex string has length 4, want 64 for hash/],
    ['a number → -32602', [1], /argument 0: expected 0x-prefixed 32-byte hash/],
    ['no params → -32602', [], /missing value for required argument 0/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async () => {
      const error = await rpcError(url, 'eth_getRawTransactionByHash', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})
