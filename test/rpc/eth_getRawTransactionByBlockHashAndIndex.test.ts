import type { Hex } from 'viem'
import { keccak256 } from 'viem/utils'
import { describe, expect } from 'vitest'
import { signRaw } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'

const test = rpcTestWith([{ mining: { auto: false } }])
const tx = {
  chainId: 31337,
  to: '0x00000000000000000000000000000000000000a3',
  value: 1n,
  gas: 21_000n,
  maxFeePerGas: 10n ** 10n,
  maxPriorityFeePerGas: 10n ** 9n,
} as const
let url: string
let sent: Hex[]
let blockHash: Hex

test.beforeAll(async ({ server }) => {
  url = server.url
  sent = [await signRaw(url, 0, tx), await signRaw(url, 1, tx)]
  for (const raw of sent) await rpc(url, 'eth_sendRawTransaction', [raw])
  await rpc(url, 'evm_mine')
  blockHash = (await rpc(url, 'eth_getBlockByNumber', ['0x1', false])).hash
})

const byIndex = (hash: unknown, index: unknown) => rpc(url, 'eth_getRawTransactionByBlockHashAndIndex', [hash, index])

describe('valid params', () => {
  test('each position → the envelope of the transaction eth_getTransactionByBlockHashAndIndex names', async () => {
    for (const i of [0, 1]) {
      const raw = await byIndex(blockHash, `0x${i}`)
      expect((await rpc(url, 'eth_getTransactionByBlockHashAndIndex', [blockHash, `0x${i}`])).hash).toBe(keccak256(raw))
      expect(sent).toContain(raw)
    }
  })

  test('an orphaned block, by its hash → its transactions still', async () => {
    await rpc(url, 'sim_reorg', [{ depth: 1, reinclude: 'none' }])
    expect(await rpc(url, 'eth_getBlockByHash', [blockHash, false])).not.toBeNull()
    expect(sent).toContain(await byIndex(blockHash, '0x0'))
  })

  test('an index past the block’s transactions → null', async () => {
    expect(await byIndex(blockHash, '0x2')).toBeNull()
  })

  test('an unknown block hash → null', async () => {
    expect(await byIndex(keccak256('0x0b'), '0x0')).toBeNull()
  })
})

describe('invalid params', () => {
  const cases: Array<[string, unknown[], RegExp]> = [
    ['a block number instead of a hash → -32602', ['0x1', '0x0'], /argument 0: hex string has length 1, want 64 for hash/],
    ['an index that is not hex → -32602', [`0x${'11'.repeat(32)}`, 'first'], /argument 1: hex string without 0x prefix/],
    ['no index → -32602', [`0x${'11'.repeat(32)}`], /missing value for required argument 1/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async () => {
      const error = await rpcError(url, 'eth_getRawTransactionByBlockHashAndIndex', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})
