import type { Hex } from 'viem'
import { describe, expect } from 'vitest'
import { devAccount, send, type DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'

const test = rpcTestWith([{ mining: { auto: false } }])
let server: DevServer
let url: string
test.beforeAll(async ({ server: started }) => {
  server = started
  url = server.url
})

const alice = devAccount(0).address
const bob = devAccount(1).address

describe('valid params', () => {
  test('a pooled transaction is removed and its hash answered; it is gone for good', async () => {
    const hash = await send(url, { from: alice, to: bob, value: '0x1' })
    expect(await rpc(url, 'anvil_dropTransaction', [hash])).toBe(hash)
    expect(await rpc(url, 'eth_getTransactionByHash', [hash])).toBeNull()
    await rpc(url, 'evm_mine')
    expect(await rpc(url, 'eth_getTransactionReceipt', [hash])).toBeNull()
  })

  test('dropping a nonce leaves the later ones of that sender waiting behind the gap (queued)', async () => {
    const first = await send(url, { from: bob, to: alice })
    await send(url, { from: bob, to: alice })
    await rpc(url, 'anvil_dropTransaction', [first])
    expect(await rpc(url, 'txpool_status')).toEqual({ pending: '0x0', queued: '0x1' })
    await rpc(url, 'anvil_dropAllTransactions')
  })

  test('a hash not in the pool (unknown, or mined) → null; nothing changes', async () => {
    const hash = await send(url, { from: alice, to: bob })
    await rpc(url, 'evm_mine')
    expect(await rpc(url, 'anvil_dropTransaction', [hash])).toBeNull()
    expect(await rpc(url, 'eth_getTransactionReceipt', [hash])).not.toBeNull()
    expect(await rpc(url, 'anvil_dropTransaction', [`0x${'ab'.repeat(32)}`])).toBeNull()
  })

  test('hardhat_dropTransaction answers whether one was dropped', async () => {
    const hash = await send(url, { from: alice, to: bob })
    expect(await rpc(url, 'hardhat_dropTransaction', [hash])).toBe(true)
    expect(await rpc(url, 'hardhat_dropTransaction', [hash])).toBe(false)
  })
})

describe('invalid params', () => {
  const cases: Array<[string, unknown[], RegExp]> = [
    ['a short hash → -32602', ['0x1234'], /invalid argument 0: hex string has length 4, want 64 for hash/],
    ['no hash → -32602', [], /missing value for required argument 0/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async () => {
      const error = await rpcError(url, 'anvil_dropTransaction', params as Hex[])
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})
