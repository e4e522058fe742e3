import type { Hex } from 'viem'
import { describe, expect } from 'vitest'
import { hex } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTest as test } from '../helpers/rpcTest.ts'

const balanceOf = async (url: string, account: Hex) => BigInt(await rpc(url, 'eth_getBalance', [account, 'latest']))

describe('valid params', () => {
  test('adds to the balance on the head, mining nothing; null', async ({ server }) => {
    const account: Hex = '0x00000000000000000000000000000000000add01'
    const head = await rpc(server.url, 'eth_blockNumber')
    expect(await rpc(server.url, 'anvil_addBalance', [account, hex(10n ** 18n)])).toBeNull()
    expect(await rpc(server.url, 'anvil_addBalance', [account, 5])).toBeNull()
    expect(await balanceOf(server.url, account)).toBe(10n ** 18n + 5n)
    expect(await rpc(server.url, 'eth_blockNumber')).toBe(head)
  })

  test('concurrent additions all count (each reads and writes in one write)', async ({ server }) => {
    const account: Hex = '0x00000000000000000000000000000000000add02'
    await Promise.all(Array.from({ length: 5 }, () => rpc(server.url, 'anvil_addBalance', [account, '0x10'])))
    expect(await balanceOf(server.url, account)).toBe(0x50n)
  })

  test('hardhat_addBalance and tenderly_addBalance are the same method, answering null', async ({ server }) => {
    const account: Hex = '0x00000000000000000000000000000000000add03'
    expect(await rpc(server.url, 'hardhat_addBalance', [account, '0x1'])).toBeNull()
    expect(await rpc(server.url, 'tenderly_addBalance', [account, '0x2'])).toBeNull()
    expect(await balanceOf(server.url, account)).toBe(3n)
  })
})

describe('invalid params', () => {
  const cases: Array<[string, unknown[], RegExp]> = [
    ['no params → -32602', [], /missing value for required argument 0/],
    ['no amount → -32602', ['0x00000000000000000000000000000000000add01'], /missing value for required argument 1/],
    ['a short address → -32602', ['0x1234', '0x1'], /invalid argument 0/],
    ['a list of addresses → -32602', [['0x00000000000000000000000000000000000add01'], '0x1'], /invalid argument 0/],
    ['a negative amount → -32602', ['0x00000000000000000000000000000000000add01', -1], /invalid argument 1/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async ({ server }) => {
      const error = await rpcError(server.url, 'anvil_addBalance', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})
