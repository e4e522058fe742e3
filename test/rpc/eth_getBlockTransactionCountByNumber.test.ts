import { describe, expect } from 'vitest'
import { devAccount, hex, send, type DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'

const test = rpcTestWith([{ mining: { auto: false } }])
let server: DevServer
let url: string
/** Block 1 holds two transactions, block 2 none; two more wait in the pool. */
test.beforeAll(async ({ server: started }) => {
  server = started
  url = server.url
  const transfer = (from: number) => send(url, { from: devAccount(from).address, to: devAccount(9).address, value: '0x1' })
  await transfer(0)
  await transfer(1)
  await rpc(url, 'evm_mine')
  await rpc(url, 'evm_mine')
  await transfer(2)
  await transfer(3)
})

const count = (tag: unknown) => rpc<string | null>(url, 'eth_getBlockTransactionCountByNumber', [tag])

describe('valid params', () => {
  test('a block with two transactions → 0x2, as its transaction list says', async () => {
    expect(await count('0x1')).toBe('0x2')
    expect((await rpc(url, 'eth_getBlockByNumber', ['0x1', false])).transactions).toHaveLength(2)
  })

  test('empty blocks → 0x0 (genesis, latest)', async () => {
    expect(await count('0x0')).toBe('0x0')
    expect(await count('earliest')).toBe('0x0')
    expect(await count('latest')).toBe('0x0')
  })

  test('pending → the pool’s transactions', async () => {
    expect(await count('pending')).toBe('0x2')
  })

  test('a block past the head → null', async () => {
    expect(await count(hex(3))).toBeNull()
  })
})

describe('invalid params', () => {
  const cases: Array<[string, unknown[], RegExp]> = [
    ['an unknown tag → -32602', ['newest'], /argument 0: invalid block tag/],
    ['a JSON number → -32602', [1], /argument 0/],
    ['no params → -32602', [], /missing value for required argument 0/],
    ['two params → -32602', ['latest', true], /too many arguments/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async () => {
      const error = await rpcError(url, 'eth_getBlockTransactionCountByNumber', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})
