import { describe, expect } from 'vitest'
import type { DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'

const test = rpcTestWith([{ mining: { auto: false } }])
let server: DevServer
let url: string
test.beforeAll(async ({ server: started }) => {
  server = started
  url = server.url
})

const timestamp = async (tag = 'latest') => BigInt((await rpc(url, 'eth_getBlockByNumber', [tag, false])).timestamp)

describe('valid params', () => {
  test('each next block is that many seconds after its parent, whatever the clock', async () => {
    expect(await rpc(url, 'anvil_setBlockTimestampInterval', [3600])).toBeNull()
    const start = await timestamp()
    await rpc(url, 'anvil_mine', ['0x3'])
    expect(await timestamp()).toBe(start + 3n * 3600n)
    expect(await timestamp('pending')).toBe(start + 4n * 3600n)
  })

  test('evm_setNextBlockTimestamp still wins for its block, then the interval goes on from it', async () => {
    await rpc(url, 'anvil_setBlockTimestampInterval', ['0xa'])
    const target = (await timestamp()) + 100_000n
    await rpc(url, 'evm_setNextBlockTimestamp', [`0x${target.toString(16)}`])
    await rpc(url, 'evm_mine')
    expect(await timestamp()).toBe(target)
    await rpc(url, 'evm_mine')
    expect(await timestamp()).toBe(target + 10n)
  })

  test('0 still moves each block one second on (blocks never share a time)', async () => {
    await rpc(url, 'anvil_setBlockTimestampInterval', [0])
    const start = await timestamp()
    await rpc(url, 'evm_mine')
    expect(await timestamp()).toBe(start + 1n)
    await rpc(url, 'anvil_removeBlockTimestampInterval')
  })
})

describe('invalid params', () => {
  const cases: Array<[string, unknown[], RegExp]> = [
    ['a negative number → -32602', [-1], /invalid argument 0/],
    ['past 64 bits → -32602', [`0x1${'0'.repeat(16)}`], /invalid argument 0: hex number > 64 bits/],
    ['no interval → -32602', [], /missing value for required argument 0/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async () => {
      const error = await rpcError(url, 'anvil_setBlockTimestampInterval', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})
