import { describe, expect } from 'vitest'
import { devAccount, hex, send, type DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'

const test = rpcTestWith([{ mining: { auto: false } }])
let server: DevServer
let url: string
test.beforeAll(async ({ server: started }) => {
  server = started
  url = server.url
})

const head = async () => BigInt(await rpc(url, 'eth_blockNumber'))
const timestamps = async (from: bigint, to: bigint) => {
  const out: bigint[] = []
  for (let n = from; n <= to; n++) out.push(BigInt((await rpc(url, 'eth_getBlockByNumber', [hex(n), false])).timestamp))
  return out
}

describe('valid params', () => {
  test('no params → one block, answered null', async () => {
    const before = await head()
    expect(await rpc(url, 'anvil_mine')).toBeNull()
    expect(await head()).toBe(before + 1n)
  })

  test('a count as hex or as a JSON number → that many blocks', async () => {
    const before = await head()
    await rpc(url, 'anvil_mine', ['0xa'])
    expect(await head()).toBe(before + 10n)
    await rpc(url, 'anvil_mine', [3])
    expect(await head()).toBe(before + 13n)
  })

  test('an interval spaces the blocks’ timestamps by exactly that many seconds', async () => {
    const before = await head()
    await rpc(url, 'anvil_mine', ['0x4', '0x3c'])
    const times = await timestamps(before + 1n, before + 4n)
    expect(times.slice(1).map((t, i) => t - times[i]!)).toEqual([60n, 60n, 60n])
  })

  test('pooled transactions go into the first block mined', async () => {
    const hash = await send(url, { from: devAccount(0).address, to: devAccount(1).address, value: '0x1' })
    const before = await head()
    await rpc(url, 'anvil_mine', ['0x2'])
    expect((await rpc(url, 'eth_getBlockByNumber', [hex(before + 1n), false])).transactions).toEqual([hash])
    expect((await rpc(url, 'eth_getBlockByNumber', [hex(before + 2n), false])).transactions).toEqual([])
  })
})

describe('invalid params', () => {
  const cases: Array<[string, unknown[], RegExp]> = [
    ['more than 10,000 blocks at once → -32602', ['0x2711'], /argument 0: at most 10000 blocks per call/],
    ['a count as a decimal string → -32602', ['5'], /argument 0/],
    ['a negative count → -32602', [-1], /argument 0/],
    ['a fractional count → -32602', [1.5], /argument 0/],
    ['an interval that is not a number → -32602', ['0x1', 'hour'], /argument 1/],
    ['three params → -32602', [1, 1, 1], /too many arguments/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async () => {
      const before = await head()
      const error = await rpcError(url, 'anvil_mine', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
      expect(await head()).toBe(before)
    })
  }
})
