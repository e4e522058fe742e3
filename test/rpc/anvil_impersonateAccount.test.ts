import { concat, keccak256, serializeTransaction } from 'viem'
import type { Hex } from 'viem'
import { describe, expect } from 'vitest'
import { anvilImpersonatedHash } from '../helpers/impersonation.ts'
import { devAccount, hex, receiptOf, send } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTest as test } from '../helpers/rpcTest.ts'

const stranger: Hex = '0x00000000000000000000000000000000000f00d1'
const bob = devAccount(1).address.toLowerCase() as Hex

describe('valid params', () => {
  test('eth_sendTransaction then sends as the address, unsigned, with Anvil’s hash', async ({ server }) => {
    expect(await rpc(server.url, 'anvil_impersonateAccount', [stranger])).toBeNull()
    await rpc(server.url, 'anvil_setBalance', [stranger, hex(10n ** 18n)])
    const hash = await send(server.url, { from: stranger, to: bob, value: '0x7' })
    expect(await receiptOf(server.url, hash)).toMatchObject({ status: '0x1', from: stranger, to: bob })
    const tx = await rpc(server.url, 'eth_getTransactionByHash', [hash])
    expect(tx).toMatchObject({ from: stranger, value: '0x7', r: '0x0', s: '0x0', yParity: '0x0', v: '0x0' })
    expect(hash).toBe(anvilImpersonatedHash(tx, 31337))
    expect(BigInt(await rpc(server.url, 'eth_getTransactionCount', [stranger, 'latest']))).toBe(1n)
  })

  test('a legacy transaction carries v = 2·chainId + 35; its hash is the list then the sender', async ({ server }) => {
    await rpc(server.url, 'anvil_impersonateAccount', [stranger])
    await rpc(server.url, 'anvil_setBalance', [stranger, hex(10n ** 18n)])
    const hash = await send(server.url, { from: stranger, to: bob, value: '0x1', gasPrice: hex(10n ** 10n) })
    const tx = await rpc(server.url, 'eth_getTransactionByHash', [hash])
    expect(tx).toMatchObject({ type: '0x0', r: '0x0', s: '0x0', v: hex(2n * 31337n + 35n) })
    const unsigned = serializeTransaction(
      { type: 'legacy', chainId: 31337, nonce: Number(tx.nonce), to: bob, value: 1n, gas: BigInt(tx.gas), gasPrice: 10n ** 10n },
      { r: '0x0', s: '0x0', v: 2n * 31337n + 35n },
    )
    expect(hash).toBe(keccak256(concat([unsigned, stranger])))
  })

  test('a dev account impersonated still signs with its key', async ({ server }) => {
    const alice = devAccount(0).address
    await rpc(server.url, 'anvil_impersonateAccount', [alice])
    const tx = await rpc(server.url, 'eth_getTransactionByHash', [await send(server.url, { from: alice, to: bob, value: '0x1' })])
    expect(BigInt(tx.r)).toBeGreaterThan(0n)
  })

  test('hardhat_impersonateAccount is the same method, answering true', async ({ server }) => {
    const other: Hex = '0x00000000000000000000000000000000000f00d2'
    expect(await rpc(server.url, 'hardhat_impersonateAccount', [other])).toBe(true)
    await rpc(server.url, 'anvil_setBalance', [other, hex(10n ** 18n)])
    expect((await receiptOf(server.url, await send(server.url, { from: other, to: bob }))).from).toBe(other)
  })
})

describe('invalid params', () => {
  const cases: Array<[string, unknown[], RegExp]> = [
    ['no address → -32602', [], /missing value for required argument 0/],
    ['a short address → -32602', ['0x1234'], /invalid argument 0: hex string has length 4, want 40 for address/],
    ['not a string → -32602', [42], /invalid argument 0/],
    ['two params → -32602', [stranger, stranger], /too many arguments/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async ({ server }) => {
      const error = await rpcError(server.url, 'anvil_impersonateAccount', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})
