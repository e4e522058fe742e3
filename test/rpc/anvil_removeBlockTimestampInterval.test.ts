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

const timestamp = async () => BigInt((await rpc(url, 'eth_getBlockByNumber', ['latest', false])).timestamp)

describe('valid params', () => {
  test('true when an interval was set; blocks then follow the clock again, from where the interval left them', async () => {
    await rpc(url, 'anvil_setBlockTimestampInterval', [86_400])
    await rpc(url, 'evm_mine')
    const jumped = await timestamp()
    expect(jumped - BigInt(Math.floor(Date.now() / 1000))).toBeGreaterThan(80_000n)
    expect(await rpc(url, 'anvil_removeBlockTimestampInterval')).toBe(true)
    await rpc(url, 'evm_mine')
    const after = await timestamp()
    // Not a day later again, and not back to the wall clock either.
    expect(after - jumped).toBeGreaterThanOrEqual(1n)
    expect(after - jumped).toBeLessThan(86_400n)
  })

  test('false when none was set', async () => {
    expect(await rpc(url, 'anvil_removeBlockTimestampInterval')).toBe(false)
  })
})

describe('invalid params', () => {
  test('any argument → -32602 too many arguments', async () => {
    expect(await rpcError(url, 'anvil_removeBlockTimestampInterval', [1])).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/too many arguments for anvil_removeBlockTimestampInterval/),
    })
  })
})
