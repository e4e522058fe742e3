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
    expect(await rpc(url, 'eth_signTypedData_v4', [owner.address, JSON.parse(text)])).toBe(await rpc(url, 'eth_signTypedData_v4', [owner.address, text]))
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
    [
      'a value past its integer type → -32602 argument 1',
      [owner.address, withMessage({ ...full, value: (2n ** 256n).toString() })],
      /invalid argument 1: .*256-bit unsigned/,
    ],
    [
      'an address that is not one → -32602 argument 1',
      [owner.address, withMessage({ ...full, spender: '0x1234' })],
      /invalid argument 1: Address "0x1234" is invalid/,
    ],
    ['a primary type with no definition → -32602 argument 1', [owner.address, withMessage(full, permit.types, 'Transfer')], /invalid argument 1: .*Transfer/],
    ['text that is not JSON → -32602 argument 1', [owner.address, '{"types":'], /invalid argument 1: typed data is not valid JSON/],
    ['no types → -32602 argument 1', [owner.address, { primaryType: 'Permit', domain: {}, message: {} }], /invalid argument 1: types: expected object/],
    [
      'a field without a type → -32602 argument 1',
      [owner.address, withMessage(full, { Permit: [{ name: 'owner' }] })],
      /invalid argument 1: types\.Permit\.0\.type: expected string/,
    ],
    ['a number instead of typed data → -32602 argument 1', [owner.address, 7], /invalid argument 1: expected EIP-712 typed data object/],
    ['the typed data first → -32602 argument 0', [wireTypedData(permit), owner.address], /invalid argument 0/],
    ['no typed data → -32602', [owner.address], /missing value for required argument 1/],
  ]
  test('a message without a field → -32602 naming the field and its type, not the library’s words', async () => {
    const { value: _, ...withoutValue } = full
    expect(await rpcError(url, 'eth_signTypedData_v4', [owner.address, withMessage(withoutValue)])).toEqual({
      code: -32602,
      message: 'invalid argument 1: message.value: missing value for type uint256',
    })
  })

  test('every value of a nested order left out in turn → -32602 naming its path', async () => {
    const wire = JSON.parse(wireTypedData(order)) as { domain: Record<string, unknown>; message: Record<string, unknown> }
    const paths = [...valuePaths(wire.domain, ['domain']), ...valuePaths(wire.message, ['message'])]
    expect(paths).toContain('message.want.1.amount')
    for (const path of paths) {
      const typed = JSON.parse(wireTypedData(order))
      const keys = path.split('.')
      const parent = keys.slice(0, -1).reduce((node, key) => node[key], typed)
      delete parent[keys.at(-1)!]
      const error = await rpcError(url, 'eth_signTypedData_v4', [owner.address, typed])
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(new RegExp(`^invalid argument 1: ${path.replaceAll('.', '\\.')}: missing value for type [\\w\\[\\]]+$`))
    }
  })

  const wrongKinds: Array<[string, Record<string, unknown>, string]> = [
    ['a struct that is not an object', { give: 'x' }, "message.give: provided data 'x' doesn't match type 'Asset'"],
    ['an array that is not one', { want: {} }, "message.want: provided data '{}' doesn't match type 'Asset[]'"],
    ['an array item of the wrong kind', { want: [{ token: owner.address, amount: '1' }, 5] }, "message.want.1: provided data '5' doesn't match type 'Asset'"],
    ['a number for a string', { memo: 7 }, "message.memo: provided data '7' doesn't match type 'string'"],
    ['a string for a bool', { partial: 'yes' }, "message.partial: provided data 'yes' doesn't match type 'bool'"],
    ['a fraction for an integer', { give: { token: owner.address, amount: 1.5 } }, 'message.give.amount: invalid float value 1.5 for type uint128'],
    ['a word for an integer', { give: { token: owner.address, amount: 'lots' } }, 'message.give.amount: invalid integer value lots for type uint128'],
    ['an object for bytes', { extra: { a: 1 } }, `message.extra: provided data '{"a":1}' doesn't match type 'bytes'`],
  ]
  for (const [name, change, message] of wrongKinds) {
    test(`${name} → -32602 naming the field, in geth’s words`, async () => {
      const typed = JSON.parse(wireTypedData(order))
      expect(await rpcError(url, 'eth_signTypedData_v4', [owner.address, { ...typed, message: { ...typed.message, ...change } }])).toEqual({
        code: -32602,
        message: `invalid argument 1: ${message}`,
      })
    })
  }

  test('a fixed-size array of another length → -32602 naming it', async () => {
    const typed = { types: { Pair: [{ name: 'pair', type: 'uint8[2]' }] }, primaryType: 'Pair', domain: {}, message: { pair: [1] } }
    expect(await rpcError(url, 'eth_signTypedData_v4', [owner.address, typed])).toEqual({
      code: -32602,
      message: 'invalid argument 1: message.pair: 1 items, type uint8[2] takes 2',
    })
    expect(await rpc(url, 'eth_signTypedData_v4', [owner.address, { ...typed, message: { pair: [1, 2] } }])).toMatch(/^0x[\da-f]{130}$/)
  })

  for (const [name, params, message] of cases) {
    test(name, async () => {
      const error = await rpcError(url, 'eth_signTypedData_v4', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})

/** The dotted path of every value in `node`, containers and what they hold. */
function valuePaths(node: unknown, path: string[]): string[] {
  if (typeof node !== 'object' || node === null) return []
  return Object.entries(node).flatMap(([key, value]) => [[...path, key].join('.'), ...valuePaths(value, [...path, key])])
}
