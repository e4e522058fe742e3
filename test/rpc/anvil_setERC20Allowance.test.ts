import { decodeFunctionResult, erc20Abi } from 'viem'
import type { Hex } from 'viem'
import { describe, expect } from 'vitest'
import { deployEmitterViaRpc, deployTokenViaRpc, devAccount, hex, receiptOf, send, tokenCall } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTest as test } from '../helpers/rpcTest.ts'

const alice = devAccount(0).address.toLowerCase() as Hex
const spender = devAccount(2).address.toLowerCase() as Hex
const bob = devAccount(1).address.toLowerCase() as Hex

async function allowance(url: string, token: Hex, owner: Hex, of: Hex): Promise<bigint> {
  const answer = await rpc<Hex>(url, 'eth_call', [{ to: token, data: tokenCall('allowance', [owner, of]) }, 'latest'])
  return decodeFunctionResult({ abi: erc20Abi, functionName: 'allowance', data: answer })
}

describe('valid params', () => {
  test('allowance(owner, spender) answers the amount; the spender can use it; null', async ({ server }) => {
    const token = await deployTokenViaRpc(server.url)
    expect(await rpc(server.url, 'anvil_setERC20Allowance', [alice, spender, token, hex(3n * 10n ** 18n)])).toBeNull()
    expect(await allowance(server.url, token, alice, spender)).toBe(3n * 10n ** 18n)
    expect(await allowance(server.url, token, spender, alice)).toBe(0n)
    const receipt = await receiptOf(server.url, await send(server.url, { from: spender, to: token, data: tokenCall('transferFrom', [alice, bob, 10n ** 18n]) }))
    expect(receipt.status).toBe('0x1')
    expect(await allowance(server.url, token, alice, spender)).toBe(2n * 10n ** 18n)
  })

  test('a contract with no allowance view: -32602 naming the token, in Anvil’s words', async ({ server }) => {
    const emitter = await deployEmitterViaRpc(server.url)
    const error = await rpcError(server.url, 'anvil_setERC20Allowance', [alice, spender, emitter, 1])
    expect(error).toMatchObject({ code: -32602, message: 'invalid argument 2: Unable to set ERC20 allowance, no slot found' })
  })
})

describe('invalid params', () => {
  const token: Hex = '0x00000000000000000000000000000000000e2002'
  const cases: Array<[string, unknown[], RegExp]> = [
    ['no params → -32602', [], /missing value for required argument 0/],
    ['no amount → -32602', [alice, spender, token], /missing value for required argument 3/],
    ['a short spender → -32602', [alice, '0x12', token, 1], /invalid argument 1/],
    ['a decimal string amount → -32602', [alice, spender, token, '10'], /invalid argument 3/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async ({ server }) => {
      const error = await rpcError(server.url, 'anvil_setERC20Allowance', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})
