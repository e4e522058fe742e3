import type { Hex } from 'viem'
import { describe, expect } from 'vitest'
import { devAccount, hex, receiptOf, send } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTest as test } from '../helpers/rpcTest.ts'

const balanceOf = async (url: string, account: Hex) => BigInt(await rpc(url, 'eth_getBalance', [account, 'latest']))

describe('valid params', () => {
  test('sets the balance on the head, mining nothing; null', async ({ server }) => {
    const account: Hex = '0x00000000000000000000000000000000000ba101'
    const head = await rpc(server.url, 'eth_blockNumber')
    expect(await rpc(server.url, 'anvil_setBalance', [account, hex(10n ** 18n)])).toBeNull()
    expect(await balanceOf(server.url, account)).toBe(10n ** 18n)
    // Set, not added: a second call replaces the first.
    expect(await rpc(server.url, 'anvil_setBalance', [account, 7])).toBeNull()
    expect(await balanceOf(server.url, account)).toBe(7n)
    expect(await rpc(server.url, 'eth_blockNumber')).toBe(head)
  })

  test('the EVM spends the balance set: a transfer leaves it less the value and the fee its receipt charges', async ({ server }) => {
    const sender = devAccount(5).address
    const set = 3n * 10n ** 18n
    await rpc(server.url, 'anvil_setBalance', [sender, hex(set)])
    const value = 10n ** 18n
    const receipt = await receiptOf(server.url, await send(server.url, { from: sender, to: devAccount(6).address, value: hex(value) }))
    expect(receipt.status).toBe('0x1')
    const fee = BigInt(receipt.gasUsed) * BigInt(receipt.effectiveGasPrice)
    expect(await balanceOf(server.url, sender)).toBe(set - value - fee)
  })

  test('a balance too small for a transfer is refused by the EVM, as a real balance would be', async ({ server }) => {
    const sender = devAccount(7).address
    await rpc(server.url, 'anvil_setBalance', [sender, '0x0'])
    const error = await rpcError(server.url, 'eth_sendTransaction', [{ from: sender, to: devAccount(6).address, value: '0x1' }])
    expect(error.message).toMatch(/insufficient funds/)
  })

  test('hardhat_setBalance answers true, tenderly_setBalance null; both set it', async ({ server }) => {
    const account: Hex = '0x00000000000000000000000000000000000ba102'
    expect(await rpc(server.url, 'hardhat_setBalance', [account, '0x10'])).toBe(true)
    expect(await balanceOf(server.url, account)).toBe(0x10n)
    expect(await rpc(server.url, 'tenderly_setBalance', [account, '0x20'])).toBeNull()
    expect(await balanceOf(server.url, account)).toBe(0x20n)
  })
})

describe('invalid params', () => {
  const cases: Array<[string, unknown[], RegExp]> = [
    ['no params → -32602', [], /missing value for required argument 0/],
    ['no balance → -32602', ['0x00000000000000000000000000000000000ba101'], /missing value for required argument 1/],
    ['a short address → -32602', ['0x1234', '0x1'], /invalid argument 0/],
    ['a negative balance → -32602', ['0x00000000000000000000000000000000000ba101', -1], /invalid argument 1/],
    ['a balance that is not hex → -32602', ['0x00000000000000000000000000000000000ba101', 'lots'], /invalid argument 1/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async ({ server }) => {
      const error = await rpcError(server.url, 'anvil_setBalance', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})
