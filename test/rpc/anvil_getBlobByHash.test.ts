import { commitmentToVersionedHash } from 'viem'
import { keccak256 } from 'viem/utils'
import { describe, expect } from 'vitest'
import { sidecarOf, signBlobTransaction } from '../helpers/blobs.ts'
import { devAccount, nextNonce } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'

const test = rpcTestWith([{ mining: { auto: false } }])
const account = devAccount(5)
const texts = ['first blob', 'second blob']
let url: string

test.beforeAll(async ({ server }) => {
  url = server.url
  const raw = await signBlobTransaction({ account, chainId: 31337, nonce: await nextNonce(url, account.address), sidecars: texts.map(sidecarOf) })
  await rpc(url, 'eth_sendRawTransaction', [raw])
})

const byVersionedHash = (text: string) => rpc(url, 'anvil_getBlobByHash', [commitmentToVersionedHash({ commitment: sidecarOf(text).commitment })])

describe('valid params', () => {
  test('the versioned hash of each blob of a pooled transaction → that blob', async () => {
    for (const text of texts) expect(await byVersionedHash(text)).toBe(sidecarOf(text).blob)
  })

  test('once mined → the same blobs', async () => {
    await rpc(url, 'evm_mine')
    expect((await rpc(url, 'txpool_status')).pending).toBe('0x0')
    for (const text of texts) expect(await byVersionedHash(text)).toBe(sidecarOf(text).blob)
  })

  test('a versioned hash no transaction carries → null', async () => {
    expect(await rpc(url, 'anvil_getBlobByHash', [keccak256('0x01')])).toBeNull()
  })
})

describe('invalid params', () => {
  const cases: Array<[string, unknown[], RegExp]> = [
    ['a number → -32602', [1], /argument 0: expected 0x-prefixed 32-byte hash/],
    ['no params → -32602', [], /missing value for required argument 0/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async () => {
      const error = await rpcError(url, 'anvil_getBlobByHash', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})
