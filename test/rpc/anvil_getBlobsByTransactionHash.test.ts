import type { Hex } from 'viem'
import { keccak256 } from 'viem/utils'
import { describe, expect } from 'vitest'
import { canonicalForm, sidecarOf, signBlobTransaction } from '../helpers/blobs.ts'
import { devAccount, nextNonce, send } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'

const test = rpcTestWith([{ mining: { auto: false } }])
const account = devAccount(5)
let url: string
let hash: Hex

test.beforeAll(async ({ server }) => {
  url = server.url
  const raw = await signBlobTransaction({
    account,
    chainId: 31337,
    nonce: await nextNonce(url, account.address),
    sidecars: [sidecarOf('blobs by transaction')],
  })
  hash = await rpc(url, 'eth_sendRawTransaction', [raw])
  expect(hash).toBe(keccak256(canonicalForm(raw)))
})

const blobsOf = (txHash: unknown) => rpc(url, 'anvil_getBlobsByTransactionHash', [txHash])

describe('valid params', () => {
  test('a pooled blob transaction → its blobs', async () => {
    expect(await blobsOf(hash)).toEqual([sidecarOf('blobs by transaction').blob])
  })

  test('once mined, and back in the pool after a reorg → the same blobs (the sidecar rides with it)', async () => {
    await rpc(url, 'evm_mine')
    expect((await rpc(url, 'eth_getTransactionReceipt', [hash])).status).toBe('0x1')
    expect(await blobsOf(hash)).toEqual([sidecarOf('blobs by transaction').blob])
    await rpc(url, 'sim_reorg', [{ depth: 1, reinclude: 'none' }])
    expect((await rpc(url, 'eth_getTransactionByHash', [hash])).blockNumber).toBeNull()
    expect(await blobsOf(hash)).toEqual([sidecarOf('blobs by transaction').blob])
  })

  test('a transaction without blobs, or an unknown hash → null', async () => {
    const plain = await send(url, { from: devAccount(6).address, to: devAccount(7).address, value: '0x1' })
    expect(await blobsOf(plain)).toBeNull()
    expect(await blobsOf(keccak256('0x03'))).toBeNull()
  })
})

describe('invalid params', () => {
  const cases: Array<[string, unknown[], RegExp]> = [
    ['a short hash → -32602', ['0x03'], /argument 0: hex string has length 2, want 64 for hash/],
    ['no params → -32602', [], /missing value for required argument 0/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async () => {
      const error = await rpcError(url, 'anvil_getBlobsByTransactionHash', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})
