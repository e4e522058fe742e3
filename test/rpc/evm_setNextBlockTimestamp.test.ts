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

const latest = () => rpc(url, 'eth_getBlockByNumber', ['latest', false])

describe('valid params', () => {
  test('the next block gets exactly that timestamp; answered null', async () => {
    const at = BigInt((await latest()).timestamp) + 86_400n
    expect(await rpc(url, 'evm_setNextBlockTimestamp', [hex(at)])).toBeNull()
    await rpc(url, 'evm_mine')
    expect((await latest()).timestamp).toBe(hex(at))
  })

  test('a JSON number works too, and only the next block is pinned', async () => {
    const at = BigInt((await latest()).timestamp) + 10n
    await rpc(url, 'evm_setNextBlockTimestamp', [Number(at)])
    await rpc(url, 'evm_mine')
    expect((await latest()).timestamp).toBe(hex(at))
    await rpc(url, 'evm_mine')
    expect(BigInt((await latest()).timestamp)).toBeGreaterThan(at)
  })

  test('later blocks continue from the set time: increaseTime(100) after it lands 100 s later', async () => {
    const at = BigInt((await latest()).timestamp) + 5_000n
    await rpc(url, 'evm_setNextBlockTimestamp', [hex(at)])
    await rpc(url, 'evm_mine')
    await rpc(url, 'evm_increaseTime', [100])
    await rpc(url, 'evm_mine')
    expect(BigInt((await latest()).timestamp)).toBeGreaterThanOrEqual(at + 100n)
  })
})

describe('invalid params', () => {
  test('a timestamp not after the head’s → -32602 saying so', async () => {
    const head = BigInt((await latest()).timestamp)
    for (const at of [head, head - 1n]) {
      expect(await rpcError(url, 'evm_setNextBlockTimestamp', [hex(at)])).toEqual({
        code: -32602,
        message: `invalid argument 0: timestamp ${at} is not after the head's timestamp ${head}`,
      })
    }
  })

  const cases: Array<[string, unknown[], RegExp]> = [
    ['a date string → -32602', ['2030-01-01'], /argument 0/],
    ['no params → -32602', [], /missing value for required argument 0/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async () => {
      const error = await rpcError(url, 'evm_setNextBlockTimestamp', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})
