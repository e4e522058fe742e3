import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { printedCalls, serveOneNetwork, type ServedProcess } from '../helpers/servedProcess.ts'
import { waitFor } from '../helpers/wsClient.ts'

// What `--log-requests` prints is the real process's stdout, one line per call.
let served: ServedProcess
let url: string

beforeAll(async () => {
  served = await serveOneNetwork()
  url = served.url
}, 60_000)
afterAll(() => served?.stop())

/** The calls printed so far, as `method params`. */
const printed = () => printedCalls(served.output()).map(({ method, params }) => `${method} ${params}`)

describe('valid params', () => {
  test('true: each later call is printed; false: none is (and hardhat_setLoggingEnabled answers true)', async () => {
    expect(printed()).toEqual([])
    // Printing is decided as a call arrives: the call that turns it on is not printed, the one that turns it off is.
    expect(await rpc(url, 'anvil_setLoggingEnabled', [true])).toBeNull()
    await rpc(url, 'eth_chainId')
    expect(await rpc(url, 'anvil_setLoggingEnabled', [false])).toBeNull()
    for (let i = 0; i < 3; i++) await rpc(url, 'net_version')
    expect(await rpc(url, 'hardhat_setLoggingEnabled', [true])).toBe(true)
    await rpc(url, 'eth_blockNumber')
    // stdout keeps order: once the last call's line is in, any line of the calls before it would be too.
    await waitFor(printed, (calls) => calls.includes('eth_blockNumber []'), 'the line of eth_blockNumber')
    expect(printed()).toEqual(['eth_chainId []', 'anvil_setLoggingEnabled [false]', 'eth_blockNumber []'])
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
