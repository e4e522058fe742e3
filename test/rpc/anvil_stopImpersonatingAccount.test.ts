import type { Hex } from 'viem'
import { describe, expect } from 'vitest'
import { devAccount, hex, receiptOf, send } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTest as test } from '../helpers/rpcTest.ts'

const stranger: Hex = '0x00000000000000000000000000000000000f00d3'
const bob = devAccount(1).address.toLowerCase() as Hex

describe('valid params', () => {
  test('after it, sending as the address is geth’s unknown account again', async ({ server }) => {
    await rpc(server.url, 'anvil_impersonateAccount', [stranger])
    await rpc(server.url, 'anvil_setBalance', [stranger, hex(10n ** 18n)])
    expect((await receiptOf(server.url, await send(server.url, { from: stranger, to: bob }))).status).toBe('0x1')
    expect(await rpc(server.url, 'anvil_stopImpersonatingAccount', [stranger])).toBeNull()
    const error = await rpcError(server.url, 'eth_sendTransaction', [{ from: stranger, to: bob }])
    expect(error).toMatchObject({ code: -32000, message: 'unknown account' })
  })

  test('an address never impersonated is fine; hardhat_stopImpersonatingAccount answers true', async ({ server }) => {
    expect(await rpc(server.url, 'anvil_stopImpersonatingAccount', ['0x00000000000000000000000000000000000f00d4'])).toBeNull()
    expect(await rpc(server.url, 'hardhat_stopImpersonatingAccount', ['0x00000000000000000000000000000000000f00d4'])).toBe(true)
  })
})

describe('invalid params', () => {
  const cases: Array<[string, unknown[], RegExp]> = [
    ['no address → -32602', [], /missing value for required argument 0/],
    ['not hex → -32602', ['0xzz'], /invalid argument 0/],
    ['two params → -32602', [stranger, true], /too many arguments/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async ({ server }) => {
      const error = await rpcError(server.url, 'anvil_stopImpersonatingAccount', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})
