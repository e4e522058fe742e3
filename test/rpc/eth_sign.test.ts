import { recoverMessageAddress, type Hex } from 'viem'
import { describe, expect } from 'vitest'
import { devAccount, type DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTest } from '../helpers/rpcTest.ts'
import { expectEach } from '../helpers/expectEach.ts'

const test = rpcTest
let server: DevServer
let url: string
test.beforeAll(async ({ server: started }) => {
  server = started
  url = server.url
})

const alice = devAccount(0)
const bob = devAccount(3)

describe('valid params', () => {
  test('an EIP-191 signature that recovers to the account, byte for byte what viem signs with the same key', async () => {
    for (const message of ['0xdeadbeef', '0x', `0x${'ab'.repeat(300)}`] as Hex[]) {
      const signature = await rpc<Hex>(url, 'eth_sign', [alice.address, message])
      expect(signature).toMatch(/^0x[0-9a-f]{130}$/)
      expect(await recoverMessageAddress({ message: { raw: message }, signature })).toBe(alice.address)
      expect(signature).toBe(await alice.signMessage({ message: { raw: message } }))
    }
  })

  test('v is 27 or 28, as geth answers', async () => {
    const vs = new Set<string>()
    for (let i = 0; i < 8; i++) vs.add((await rpc<Hex>(url, 'eth_sign', [bob.address, `0x0${i}`])).slice(-2))
    expectEach(vs, (v, label) => expect(['1b', '1c'], label).toContain(v))
  })

  test('the address in any case signs for the same account', async () => {
    const lower = await rpc<Hex>(url, 'eth_sign', [bob.address.toLowerCase(), '0x01'])
    expect(await rpc<Hex>(url, 'eth_sign', [bob.address.toUpperCase().replace('0X', '0x'), '0x01'])).toBe(lower)
  })
})

describe('invalid params', () => {
  test('an account the node holds no key of → -32000 unknown account (geth)', async () => {
    expect(await rpcError(url, 'eth_sign', ['0x00000000000000000000000000000000000000aa', '0x01'])).toEqual({
      code: -32000,
      message: 'unknown account',
    })
  })

  const cases: Array<[string, unknown[], RegExp]> = [
    ['text that is not hex → -32602 argument 1', [alice.address, 'hello'], /invalid argument 1: hex string without 0x prefix/],
    ['odd-length hex → -32602 argument 1', [alice.address, '0xabc'], /invalid argument 1: hex string has odd length/],
    ['a short address → -32602 argument 0', ['0x1234', '0x01'], /invalid argument 0: hex string has length 4, want 40/],
    ['the message first (personal_sign order) → -32602 argument 0', ['0xdeadbeef', alice.address], /invalid argument 0/],
    ['no message → -32602', [alice.address], /missing value for required argument 1/],
    ['a third argument → -32602', [alice.address, '0x01', 'password'], /too many arguments/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async () => {
      const error = await rpcError(url, 'eth_sign', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})
