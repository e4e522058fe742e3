import { decodeFunctionResult, erc20Abi } from 'viem'
import type { Hex } from 'viem'
import { describe, expect } from 'vitest'
import { deployEmitterViaRpc, deployTokenViaRpc, devAccount, hex, receiptOf, send, tokenCall } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTest as test } from '../helpers/rpcTest.ts'

const holder: Hex = '0x00000000000000000000000000000000000e2001'
const bob = devAccount(1).address.toLowerCase() as Hex

async function balanceOf(url: string, token: Hex, account: Hex): Promise<bigint> {
  const answer = await rpc<Hex>(url, 'eth_call', [{ to: token, data: tokenCall('balanceOf', [account]) }, 'latest'])
  return decodeFunctionResult({ abi: erc20Abi, functionName: 'balanceOf', data: answer })
}

describe('valid params', () => {
  test('balanceOf answers the amount dealt, at once and after a block; the holder can spend it; null', async ({ server }) => {
    const token = await deployTokenViaRpc(server.url)
    const head = await rpc(server.url, 'eth_blockNumber')
    expect(await rpc(server.url, 'anvil_dealERC20', [holder, token, hex(5n * 10n ** 18n)])).toBeNull()
    expect(await rpc(server.url, 'eth_blockNumber')).toBe(head)
    expect(await balanceOf(server.url, token, holder)).toBe(5n * 10n ** 18n)
    // The holder really holds it: a transfer from it succeeds, and moves exactly that.
    await rpc(server.url, 'anvil_impersonateAccount', [holder])
    await rpc(server.url, 'anvil_setBalance', [holder, hex(10n ** 18n)])
    const receipt = await receiptOf(server.url, await send(server.url, { from: holder, to: token, data: tokenCall('transfer', [bob, 10n ** 18n]) }))
    expect(receipt.status).toBe('0x1')
    expect(await balanceOf(server.url, token, holder)).toBe(4n * 10n ** 18n)
  })

  test('dealing lowers a balance too, and to zero; other holders keep theirs', async ({ server }) => {
    const token = await deployTokenViaRpc(server.url)
    const deployer = devAccount(0).address
    const before = await balanceOf(server.url, token, deployer)
    await rpc(server.url, 'anvil_dealERC20', [bob, token, 7])
    await rpc(server.url, 'hardhat_dealERC20', [bob, token, 0])
    expect(await balanceOf(server.url, token, bob)).toBe(0n)
    expect(await balanceOf(server.url, token, deployer)).toBe(before)
  })

  test('anvil_setERC20Balance is the same method; the balance already held is a no-op', async ({ server }) => {
    const token = await deployTokenViaRpc(server.url)
    expect(await rpc(server.url, 'anvil_setERC20Balance', [holder, token, '0x2a'])).toBeNull()
    expect(await rpc(server.url, 'anvil_setERC20Balance', [holder, token, '0x2a'])).toBeNull()
    expect(await balanceOf(server.url, token, holder)).toBe(42n)
  })

  test('a contract with no balanceOf: -32602 naming the token, in Anvil’s words', async ({ server }) => {
    const emitter = await deployEmitterViaRpc(server.url)
    const error = await rpcError(server.url, 'anvil_dealERC20', [holder, emitter, 1])
    expect(error).toMatchObject({ code: -32602, message: 'invalid argument 1: Unable to set ERC20 balance, no slot found' })
  })
})

describe('invalid params', () => {
  const token: Hex = '0x00000000000000000000000000000000000e2002'
  const cases: Array<[string, unknown[], RegExp]> = [
    ['no params → -32602', [], /missing value for required argument 0/],
    ['no amount → -32602', [holder, token], /missing value for required argument 2/],
    ['a short token address → -32602', [holder, '0x12', 1], /invalid argument 1/],
    ['a negative amount → -32602', [holder, token, -1], /invalid argument 2/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async ({ server }) => {
      const error = await rpcError(server.url, 'anvil_dealERC20', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})
