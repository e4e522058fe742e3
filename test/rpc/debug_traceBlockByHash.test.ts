import type { Hex } from 'viem'
import { keccak256 } from 'viem/utils'
import { describe, expect } from 'vitest'
import { deployEmitterViaRpc, devAccount, emitterCall, send, type DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTest } from '../helpers/rpcTest.ts'

const a0 = devAccount(0).address

const test = rpcTest
let server: DevServer
let url: string
let emitter: Hex

test.beforeAll(async ({ server: started }) => {
  server = started
  url = server.url
  emitter = await deployEmitterViaRpc(url)
})

describe('valid params', () => {
  test('the same traces as by number', async () => {
    const hash = await send(url, { from: a0, to: emitter, data: emitterCall('emitMany', [2n]) })
    const block = await rpc(url, 'eth_getBlockByNumber', ['latest', false])
    const byHash = await rpc(url, 'debug_traceBlockByHash', [block.hash, { tracer: 'callTracer', tracerConfig: { withLog: true } }])
    expect(byHash).toEqual(await rpc(url, 'debug_traceBlockByNumber', [block.number, { tracer: 'callTracer', tracerConfig: { withLog: true } }]))
    expect(byHash).toMatchObject([{ txHash: hash, result: { to: emitter } }])
  })

  test('an orphaned block is still traceable by its hash, on its own branch’s state', async () => {
    await send(url, { from: a0, to: emitter, data: emitterCall('emitMany', [4n]) })
    const orphan = await rpc(url, 'eth_getBlockByNumber', ['latest', false])
    await rpc(url, 'anvil_rollback', [1])
    const traces = await rpc<Array<{ txHash: Hex; result: any }>>(url, 'debug_traceBlockByHash', [
      orphan.hash,
      { tracer: 'callTracer', tracerConfig: { withLog: true } },
    ])
    expect(traces.map((t) => t.txHash)).toEqual(orphan.transactions)
    expect(traces[0]!.result.logs).toHaveLength(4)
  })
})

describe('invalid params', () => {
  test('an unknown hash → -32000 block 0x… not found', async () => {
    const hash = keccak256('0x01')
    expect(await rpcError(url, 'debug_traceBlockByHash', [hash])).toEqual({ code: -32000, message: `block ${hash} not found` })
  })

  test('the genesis hash → -32000 genesis is not traceable', async () => {
    const genesis = await rpc(url, 'eth_getBlockByNumber', ['0x0', false])
    expect(await rpcError(url, 'debug_traceBlockByHash', [genesis.hash])).toEqual({ code: -32000, message: 'genesis is not traceable' })
  })

  const cases: Array<[string, unknown[], RegExp]> = [
    ['no hash → -32602', [], /missing value for required argument 0/],
    ['a number where a hash goes → -32602', ['0x1'], /argument 0: hex string has length 1, want 64/],
    ['a config of the wrong type → -32602', [keccak256('0x01'), []], /argument 1: expected a trace config object/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async () => {
      const error = await rpcError(url, 'debug_traceBlockByHash', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})
