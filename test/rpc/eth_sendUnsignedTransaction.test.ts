import type { Hex } from 'viem'
import { describe, expect } from 'vitest'
import { anvilImpersonatedHash } from '../helpers/impersonation.ts'
import { devAccount, hex, receiptOf } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTest as test } from '../helpers/rpcTest.ts'

const stranger: Hex = '0x00000000000000000000000000000000000f00d3'
const alice = devAccount(0).address.toLowerCase() as Hex
const bob = devAccount(1).address.toLowerCase() as Hex
const send = (url: string, tx: Record<string, unknown>) => rpc<Hex>(url, 'eth_sendUnsignedTransaction', [tx])

describe('valid params', () => {
  test('sends as any address, not impersonated, with the bypass signature and Anvil’s hash', async ({ server }) => {
    await rpc(server.url, 'anvil_setBalance', [stranger, hex(10n ** 18n)])
    const hash = await send(server.url, { from: stranger, to: bob, value: '0x7' })
    expect(await receiptOf(server.url, hash)).toMatchObject({ status: '0x1', from: stranger, to: bob })
    const tx = await rpc(server.url, 'eth_getTransactionByHash', [hash])
    expect(tx).toMatchObject({ from: stranger, value: '0x7', r: '0x0', s: '0x0', yParity: '0x0' })
    expect(hash).toBe(anvilImpersonatedHash(tx, 31337))
    // Not impersonated by it: eth_sendTransaction still has no key for the address.
    expect(await rpcError(server.url, 'eth_sendTransaction', [{ from: stranger, to: bob }])).toEqual({ code: -32000, message: 'unknown account' })
  })

  test('a dev account is sent unsigned too, as on Anvil', async ({ server }) => {
    const hash = await send(server.url, { from: alice, to: bob, value: '0x1' })
    const tx = await rpc(server.url, 'eth_getTransactionByHash', [hash])
    expect(tx).toMatchObject({ from: alice, r: '0x0', s: '0x0' })
    expect(hash).toBe(anvilImpersonatedHash(tx, 31337))
  })
})

describe('refusals', () => {
  test('an address without the funds → -32000 insufficient funds, and nothing is pooled', async ({ server }) => {
    const poor: Hex = '0x00000000000000000000000000000000000f00d4'
    expect(await rpcError(server.url, 'eth_sendUnsignedTransaction', [{ from: poor, to: bob, value: '0x1' }])).toMatchObject({
      code: -32000,
      message: expect.stringMatching(/^insufficient funds for gas \* price \+ value/),
    })
    expect(await rpc(server.url, 'eth_getTransactionCount', [poor, 'pending'])).toBe('0x0')
  })

  test("a chainId other than the network's → -32000", async ({ server }) => {
    expect(await rpcError(server.url, 'eth_sendUnsignedTransaction', [{ from: alice, to: bob, chainId: '0x1' }])).toEqual({
      code: -32000,
      message: "chainId does not match node's (have=1, want=31337)",
    })
  })
})

describe('invalid params', () => {
  const cases: Array<[string, unknown[], RegExp]> = [
    ['no from → -32602', [{ to: bob }], /argument 0: missing "from"/],
    ['a malformed from → -32602', [{ from: '0xabc', to: bob }], /argument 0: from:/],
    ['no transaction → -32602', [], /missing value for required argument 0/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async ({ server }) => {
      const error = await rpcError(server.url, 'eth_sendUnsignedTransaction', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})
