import { verifyTypedData, type Hex, type TypedDataDefinition } from 'viem'
import { describe, expect } from 'vitest'
import { devAccount, type DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTest } from '../helpers/rpcTest.ts'
import { wireTypedData } from '../helpers/typedData.ts'

const test = rpcTest
let server: DevServer
let url: string
test.beforeAll(async ({ server: started }) => {
  server = started
  url = server.url
})

const owner = devAccount(2)
const spender = devAccount(4)

/** An EIP-2612 permit, the typed data wallets sign most. */
const permit = {
  domain: { name: 'Token', version: '1', chainId: 31337, verifyingContract: '0x5FbDB2315678afecb367f032d93F642f64180aa3' },
  types: {
    Permit: [
      { name: 'owner', type: 'address' },
      { name: 'spender', type: 'address' },
      { name: 'value', type: 'uint256' },
      { name: 'nonce', type: 'uint256' },
      { name: 'deadline', type: 'uint256' },
    ],
  },
  primaryType: 'Permit',
  message: { owner: owner.address, spender: spender.address, value: 10n ** 24n, nonce: 0n, deadline: 2n ** 256n - 1n },
} as const satisfies TypedDataDefinition

/** A nested order with arrays and bytes, as exchanges sign them. */
const order = {
  domain: { name: 'Exchange', chainId: 31337n },
  types: {
    Asset: [
      { name: 'token', type: 'address' },
      { name: 'amount', type: 'uint128' },
    ],
    Order: [
      { name: 'maker', type: 'address' },
      { name: 'give', type: 'Asset' },
      { name: 'want', type: 'Asset[]' },
      { name: 'salt', type: 'bytes32' },
      { name: 'memo', type: 'string' },
      { name: 'extra', type: 'bytes' },
      { name: 'partial', type: 'bool' },
      { name: 'delta', type: 'int64' },
    ],
  },
  primaryType: 'Order',
  message: {
    maker: owner.address,
    give: { token: spender.address, amount: 5n },
    want: [
      { token: owner.address, amount: 1n },
      { token: spender.address, amount: 2n },
    ],
    salt: `0x${'11'.repeat(32)}`,
    memo: 'gm',
    extra: '0xc0ffee',
    partial: true,
    delta: -42n,
  },
} as const satisfies TypedDataDefinition

describe('valid params', () => {
  test('a permit signed by the owner, byte for byte what viem signs with the same key', async () => {
    const signature = await rpc<Hex>(url, 'eth_signTypedData_v4', [owner.address, wireTypedData(permit)])
    expect(await verifyTypedData({ ...permit, address: owner.address, signature })).toBe(true)
    expect(signature).toBe(await owner.signTypedData(permit))
  })

  test('a nested order (structs, arrays of structs, bytes, strings, negative ints)', async () => {
    const signature = await rpc<Hex>(url, 'eth_signTypedData_v4', [owner.address, wireTypedData(order)])
    expect(await verifyTypedData({ ...order, address: owner.address, signature })).toBe(true)
    expect(signature).toBe(await owner.signTypedData(order))
  })

  test('the typed data as a JSON object signs the same as its text', async () => {
    const text = wireTypedData(permit)
    expect(await rpc(url, 'eth_signTypedData_v4', [owner.address, JSON.parse(text)])).toBe(
      await rpc(url, 'eth_signTypedData_v4', [owner.address, text]),
    )
  })

  test('integers as decimal strings, hex strings or JSON numbers sign alike', async () => {
    const typed = (value: unknown) => ({
      types: { EIP712Domain: [{ name: 'name', type: 'string' }], Vote: [{ name: 'weight', type: 'uint8' }] },
      primaryType: 'Vote',
      domain: { name: 'DAO' },
      message: { weight: value },
    })
    const signatures = await Promise.all([200, '200', '0xc8'].map((v) => rpc(url, 'eth_signTypedData_v4', [spender.address, typed(v)])))
    expect(new Set(signatures).size).toBe(1)
  })
})

describe('invalid params', () => {
  test('an account the node holds no key of → -32000 unknown account, before the values are checked', async () => {
    const unfit = { types: { Vote: [{ name: 'weight', type: 'uint8' }] }, primaryType: 'Vote', domain: {}, message: { weight: 300 } }
    expect(await rpcError(url, 'eth_signTypedData_v4', ['0x00000000000000000000000000000000000000aa', unfit])).toEqual({
      code: -32000,
      message: 'unknown account',
    })
  })

  const withMessage = (message: Record<string, unknown>, types = permit.types as Record<string, unknown>, primaryType = 'Permit') =>
    JSON.stringify({ domain: { name: 'Token' }, types, primaryType, message })
  const full = JSON.parse(wireTypedData(permit)).message as Record<string, unknown>
  const cases: Array<[string, unknown[], RegExp]> = [
    ['a value past its integer type → -32602 argument 1', [owner.address, withMessage({ ...full, value: (2n ** 256n).toString() })], /invalid argument 1: .*256-bit unsigned/],
    ['an address that is not one → -32602 argument 1', [owner.address, withMessage({ ...full, spender: '0x1234' })], /invalid argument 1: Address "0x1234" is invalid/],
    ['a primary type with no definition → -32602 argument 1', [owner.address, withMessage(full, permit.types, 'Transfer')], /invalid argument 1: .*Transfer/],
    ['text that is not JSON → -32602 argument 1', [owner.address, '{"types":'], /invalid argument 1: typed data is not valid JSON/],
    ['no types → -32602 argument 1', [owner.address, { primaryType: 'Permit', domain: {}, message: {} }], /invalid argument 1: types: expected object/],
    ['a field without a type → -32602 argument 1', [owner.address, withMessage(full, { Permit: [{ name: 'owner' }] })], /invalid argument 1: types\.Permit\.0\.type: expected string/],
    ['a number instead of typed data → -32602 argument 1', [owner.address, 7], /invalid argument 1: expected EIP-712 typed data object/],
    ['the typed data first → -32602 argument 0', [wireTypedData(permit), owner.address], /invalid argument 0/],
    ['no typed data → -32602', [owner.address], /missing value for required argument 1/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async () => {
      const error = await rpcError(url, 'eth_signTypedData_v4', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})
