import { stringToHex, verifyMessage, type Hex } from 'viem'
import { describe, expect } from 'vitest'
import { devAccount, type DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTest } from '../helpers/rpcTest.ts'

const test = rpcTest
let server: DevServer
let url: string
test.beforeAll(async ({ server: started }) => {
  server = started
  url = server.url
})

const carol = devAccount(5)

describe('valid params', () => {
  test('a text message (as wallets send it, hex of its UTF-8) signed by the account, as viem signs it', async () => {
    const text = 'Sign in to example.org\nNonce: 42 ✓'
    const signature = await rpc<Hex>(url, 'personal_sign', [stringToHex(text), carol.address])
    expect(await verifyMessage({ address: carol.address, message: text, signature })).toBe(true)
    expect(signature).toBe(await carol.signMessage({ message: text }))
  })

  test('the same signature as eth_sign with its arguments the other way round', async () => {
    const message = '0x0102030405'
    expect(await rpc(url, 'personal_sign', [message, carol.address])).toBe(await rpc(url, 'eth_sign', [carol.address, message]))
  })

  test("geth's third argument, the key's password, is accepted: a dev account has none", async () => {
    const message = '0x07'
    expect(await rpc(url, 'personal_sign', [message, carol.address, ''])).toBe(await rpc(url, 'personal_sign', [message, carol.address]))
  })
})

describe('invalid params', () => {
  test('an account the node holds no key of → -32000 unknown account', async () => {
    expect(await rpcError(url, 'personal_sign', ['0x01', '0x00000000000000000000000000000000000000bb'])).toEqual({
      code: -32000,
      message: 'unknown account',
    })
  })

  const cases: Array<[string, unknown[], RegExp]> = [
    ['the address first (eth_sign order) → -32602 argument 1', [carol.address, '0x01'], /invalid argument 1: hex string has length 2, want 40/],
    ['plain text instead of hex → -32602 argument 0', ['hello', carol.address], /invalid argument 0: hex string without 0x prefix/],
    ['a password that is not a string → -32602 argument 2', ['0x01', carol.address, 7], /invalid argument 2: expected string/],
    ['no address → -32602', ['0x01'], /missing value for required argument 1/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async () => {
      const error = await rpcError(url, 'personal_sign', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})
