import { describe, expect } from 'vitest'
import { hex, type DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTest } from '../helpers/rpcTest.ts'

const test = rpcTest
let server: DevServer
let url: string
test.beforeAll(async ({ server: started }) => {
  server = started
  url = server.url
})

const head = async () => BigInt(await rpc(url, 'eth_blockNumber'))

describe('valid params', () => {
  test('no params → one block, answered true (Hardhat’s answer)', async () => {
    const before = await head()
    expect(await rpc(url, 'hardhat_mine')).toBe(true)
    expect(await head()).toBe(before + 1n)
  })

  test('a count → that many blocks', async () => {
    const before = await head()
    expect(await rpc(url, 'hardhat_mine', ['0x64'])).toBe(true)
    expect(await head()).toBe(before + 100n)
  })

  test('an interval spaces the blocks’ timestamps', async () => {
    const before = await head()
    await rpc(url, 'hardhat_mine', ['0x3', '0xe10'])
    const times: bigint[] = []
    for (let n = before + 1n; n <= before + 3n; n++) times.push(BigInt((await rpc(url, 'eth_getBlockByNumber', [hex(n), false])).timestamp))
    expect([times[1]! - times[0]!, times[2]! - times[1]!]).toEqual([3600n, 3600n])
  })
})

describe('invalid params', () => {
  test('a count that is not a quantity → -32602', async () => {
    expect(await rpcError(url, 'hardhat_mine', ['many'])).toMatchObject({ code: -32602, message: expect.stringMatching(/argument 0/) })
  })

  test('more than 10,000 blocks at once → -32602', async () => {
    expect(await rpcError(url, 'hardhat_mine', [10_001])).toMatchObject({ code: -32602, message: expect.stringMatching(/at most 10000/) })
  })
})
