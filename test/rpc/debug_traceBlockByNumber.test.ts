import type { Hex } from 'viem'
import { describe, expect } from 'vitest'
import { deployEmitterViaRpc, devAccount, emitterCall, send, type DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'

const a0 = devAccount(0).address
const a1 = devAccount(1).address

const test = rpcTestWith([{ name: 'manual', mining: { auto: false } }])
let server: DevServer
let url: string
let emitter: Hex
let block: { number: Hex; hash: Hex; transactions: Hex[] }

test.beforeAll(async ({ server: started }) => {
  server = started
  url = server.url
  emitter = await deployEmitterViaRpc(url, { mine: true })
  // Three transactions in one block: the later ones run on what the earlier ones left.
  await send(url, { from: a0, to: emitter, data: emitterCall('emitMany', [2n]) })
  await send(url, { from: a1, to: emitter, data: emitterCall('emitMany', [1n]) })
  await send(url, { from: a0, to: a1, value: '0x1' })
  await rpc(url, 'evm_mine')
  block = await rpc(url, 'eth_getBlockByNumber', ['latest', false])
})

describe('valid params', () => {
  test('every transaction of the block, in order, as {txHash, result}; each trace’s gas is its receipt’s', async () => {
    const traces = await rpc<Array<{ txHash: Hex; result: any }>>(url, 'debug_traceBlockByNumber', [block.number])
    expect(traces.map((t) => t.txHash)).toEqual(block.transactions)
    for (const { txHash, result } of traces) {
      const receipt = await rpc(url, 'eth_getTransactionReceipt', [txHash])
      expect(result.gas).toBe(Number(receipt.gasUsed))
    }
  })

  test('each transaction sees the state the earlier ones left (prestate of the second)', async () => {
    const traces = await rpc<Array<{ result: Record<string, any> }>>(url, 'debug_traceBlockByNumber', ['latest', { tracer: 'prestateTracer' }])
    expect(traces[1]!.result[emitter].storage).toEqual({ [`0x${'0'.repeat(64)}`]: `0x${'0'.repeat(63)}2` })
  })

  test('callTracer for every transaction, and a block of no transactions → []', async () => {
    const traces = await rpc<Array<{ result: any }>>(url, 'debug_traceBlockByNumber', ['latest', { tracer: 'callTracer' }])
    expect(traces.map((t) => t.result.type)).toEqual(['CALL', 'CALL', 'CALL'])
    expect(traces[2]!.result).toMatchObject({ from: a0.toLowerCase(), to: a1.toLowerCase(), value: '0x1', gasUsed: '0x5208' })
    await rpc(url, 'evm_mine')
    expect(await rpc(url, 'debug_traceBlockByNumber', ['latest'])).toEqual([])
  })

  test('pending: the block the pool would make, traced on the head’s state', async () => {
    await send(url, { from: a1, to: emitter, data: emitterCall('emitMany', [3n]) })
    const traces = await rpc<Array<{ result: any }>>(url, 'debug_traceBlockByNumber', ['pending', { tracer: 'callTracer', tracerConfig: { withLog: true } }])
    expect(traces).toHaveLength(1)
    expect(traces[0]!.result.logs).toHaveLength(3)
    await rpc(url, 'evm_mine')
  })
})

describe('invalid params', () => {
  test('a block past the head → -32000 block #n not found', async () => {
    expect(await rpcError(url, 'debug_traceBlockByNumber', ['0x999'])).toEqual({ code: -32000, message: 'block #2457 not found' })
  })

  test('genesis → -32000 genesis is not traceable', async () => {
    expect(await rpcError(url, 'debug_traceBlockByNumber', ['earliest'])).toEqual({ code: -32000, message: 'genesis is not traceable' })
  })

  const cases: Array<[string, unknown[], RegExp]> = [
    ['no block → -32602', [], /missing value for required argument 0/],
    ['an object where a number goes → -32602', [{ blockNumber: '0x1' }], /argument 0: expected block tag or 0x-prefixed block number/],
    ['an unknown tag → -32602', ['newest'], /argument 0: invalid block tag/],
    ['an unknown tracer → -32602', ['latest', { tracer: 'flatCallTracer' }], /argument 1: tracer: tracer "flatCallTracer" is not available/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async () => {
      const error = await rpcError(url, 'debug_traceBlockByNumber', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})
