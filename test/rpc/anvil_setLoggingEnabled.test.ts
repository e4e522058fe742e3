import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { serveOneNetwork, type ServedProcess } from '../helpers/servedProcess.ts'
import { waitFor } from '../helpers/wsClient.ts'

// The request log is what `chainsim serve` prints: a real process, its real stdout.
let served: ServedProcess
let url: string

beforeAll(async () => {
  served = await serveOneNetwork()
  url = served.url
}, 60_000)
afterAll(() => served?.stop())

/** The ids of the requests the server has logged so far (fastify numbers every request it receives). */
const logged = () => [...served.output().matchAll(/"reqId":"req-(\w+)"[^\n]*"msg":"incoming request"/g)].map((m) => parseInt(m[1]!, 36))

describe('valid params', () => {
  test('true: each later request is logged; false: none is (and hardhat_setLoggingEnabled answers true)', async () => {
    expect(logged()).toEqual([])
    // Request 1 switches logging on: its own line was not printed, it arrived before.
    expect(await rpc(url, 'anvil_setLoggingEnabled', [true])).toBeNull()
    await rpc(url, 'eth_chainId')
    // Request 3 switches it off, after its own line.
    expect(await rpc(url, 'anvil_setLoggingEnabled', [false])).toBeNull()
    for (let i = 0; i < 3; i++) await rpc(url, 'eth_chainId')
    expect(await rpc(url, 'hardhat_setLoggingEnabled', [true])).toBe(true)
    await rpc(url, 'eth_blockNumber')
    // stdout keeps order: once request 8's line is in, any line of requests 4 to 7 would be too.
    await waitFor(logged, (ids) => ids.includes(8), 'the line of request 8')
    expect(logged()).toEqual([2, 3, 8])
  })
})

describe('invalid params', () => {
  const cases: Array<[string, unknown[], RegExp]> = [
    ['a string → -32602', ['true'], /invalid argument 0: expected boolean/],
    ['no flag → -32602', [], /missing value for required argument 0/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async () => {
      const error = await rpcError(url, 'anvil_setLoggingEnabled', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})
