import type { Hex } from 'viem'
import { keccak256 } from 'viem/utils'
import { describe, expect } from 'vitest'
import { signRaw } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'

const test = rpcTestWith([{ mining: { auto: false } }])
const tx = {
  chainId: 31337,
  to: '0x00000000000000000000000000000000000000a2',
  value: 1n,
  gas: 21_000n,
  maxFeePerGas: 10n ** 10n,
  maxPriorityFeePerGas: 10n ** 9n,
} as const
let url: string
let minedRaw: Hex
let pooledRaw: Hex

test.beforeAll(async ({ server }) => {
  url = server.url
  minedRaw = await signRaw(url, 0, tx)
  await rpc(url, 'eth_sendRawTransaction', [minedRaw])
  await rpc(url, 'evm_mine')
  pooledRaw = await signRaw(url, 0, tx)
  await rpc(url, 'eth_sendRawTransaction', [pooledRaw])
})

describe('valid params', () => {
  test('a mined and a pooled transaction → their envelopes, as eth_getRawTransactionByHash', async () => {
    for (const sent of [minedRaw, pooledRaw]) {
      const hash = keccak256(sent)
      expect(await rpc(url, 'debug_getRawTransaction', [hash])).toBe(sent)
      expect(await rpc(url, 'eth_getRawTransactionByHash', [hash])).toBe(sent)
    }
  })

  test('an unknown hash → null', async () => {
    expect(await rpc(url, 'debug_getRawTransaction', [keccak256('0x02')])).toBeNull()
  })
})

describe('invalid params', () => {
  const cases: Array<[string, unknown[], RegExp]> = [
    ['a block number instead of a hash → -32602', ['0x1'], /argument 0: hex string has length 1, want 64 for hash/],
    ['no params → -32602', [], /missing value for required argument 0/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async () => {
      const error = await rpcError(url, 'debug_getRawTransaction', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})
