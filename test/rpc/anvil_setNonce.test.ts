import type { Hex } from 'viem'
import { describe, expect } from 'vitest'
import { devAccount, hex, receiptOf, send, signRaw } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTest as test } from '../helpers/rpcTest.ts'

const nonceOf = async (url: string, account: Hex) => BigInt(await rpc(url, 'eth_getTransactionCount', [account, 'latest']))

describe('valid params', () => {
  test('the nonce is on the head: read back, mined nothing; null', async ({ server }) => {
    const account: Hex = '0x000000000000000000000000000000000000a0c1'
    const head = await rpc(server.url, 'eth_blockNumber')
    expect(await rpc(server.url, 'anvil_setNonce', [account, '0x32'])).toBeNull()
    expect(await nonceOf(server.url, account)).toBe(50n)
    expect(await rpc(server.url, 'eth_blockNumber')).toBe(head)
  })

  test('the next transaction the account sends carries that nonce; one signed below it is refused', async ({ server }) => {
    const account = devAccount(4)
    await rpc(server.url, 'anvil_setNonce', [account.address, 20])
    const hash = await send(server.url, { from: account.address, to: devAccount(5).address, value: '0x1' })
    expect((await receiptOf(server.url, hash)).status).toBe('0x1')
    expect((await rpc(server.url, 'eth_getTransactionByHash', [hash])).nonce).toBe(hex(20))
    expect(await nonceOf(server.url, account.address)).toBe(21n)
    const stale = await signRaw(server.url, 4, { to: devAccount(5).address, value: 1n, nonce: 19, gas: 21_000n, maxFeePerGas: 10n ** 10n, chainId: 31337 })
    expect((await rpcError(server.url, 'eth_sendRawTransaction', [stale])).message).toMatch(/nonce too low/)
  })

  test('hardhat_setNonce answers true, evm_setAccountNonce null; both set it', async ({ server }) => {
    const account: Hex = '0x000000000000000000000000000000000000a0c2'
    expect(await rpc(server.url, 'hardhat_setNonce', [account, '0x5'])).toBe(true)
    expect(await nonceOf(server.url, account)).toBe(5n)
    expect(await rpc(server.url, 'evm_setAccountNonce', [account, '0x9'])).toBeNull()
    expect(await nonceOf(server.url, account)).toBe(9n)
  })

  test('the largest nonce, 2^64 - 1, is taken', async ({ server }) => {
    const account: Hex = '0x000000000000000000000000000000000000a0c3'
    await rpc(server.url, 'anvil_setNonce', [account, hex(2n ** 64n - 1n)])
    expect(await nonceOf(server.url, account)).toBe(2n ** 64n - 1n)
  })
})

describe('invalid params', () => {
  const cases: Array<[string, unknown[], RegExp]> = [
    ['no params → -32602', [], /missing value for required argument 0/],
    ['no nonce → -32602', ['0x000000000000000000000000000000000000a0c1'], /missing value for required argument 1/],
    ['a short address → -32602', ['0x1234', '0x1'], /invalid argument 0/],
    ['a nonce past 64 bits → -32602', ['0x000000000000000000000000000000000000a0c1', hex(2n ** 64n)], /invalid argument 1/],
    ['a negative nonce → -32602', ['0x000000000000000000000000000000000000a0c1', -1], /invalid argument 1/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async ({ server }) => {
      const error = await rpcError(server.url, 'anvil_setNonce', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})
