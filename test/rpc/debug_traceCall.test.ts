import type { Hex } from 'viem'
import { encodeErrorResult, pad } from 'viem/utils'
import { describe, expect } from 'vitest'
import { deployEmitterViaRpc, deployRelayViaRpc, devAccount, emitterCall, relayCall, type DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTest } from '../helpers/rpcTest.ts'
import { MAX_STATE_OVERRIDE_ENTRIES, OVERSIZED_OVERRIDES, stateOverridesOf } from '../helpers/stateOverrides.ts'

const ERROR_ABI = [{ type: 'error', name: 'Error', inputs: [{ name: 'message', type: 'string' }] }] as const
const a0 = devAccount(0).address
const stranger = '0x00000000000000000000000000000000000000aa'

const test = rpcTest
let server: DevServer
let url: string
let emitter: Hex
let relay: Hex

test.beforeAll(async ({ server: started }) => {
  server = started
  url = server.url
  emitter = await deployEmitterViaRpc(url)
  relay = await deployRelayViaRpc(url)
})

const traceCall = <T>(params: unknown[]) => rpc<T>(url, 'debug_traceCall', params)

describe('valid params', () => {
  test('the struct logger traces a call that was never sent, and nothing is kept', async () => {
    const head = await rpc(url, 'eth_blockNumber')
    const result = await traceCall<any>([{ from: a0, to: emitter, data: emitterCall('emitMany', [2n]) }, 'latest'])
    expect(result.failed).toBe(false)
    expect(result.structLogs.filter((l: any) => l.op === 'LOG3')).toHaveLength(2)
    // What the call used is at most what it needs to succeed (refunds), and more than a plain transfer.
    const estimate = Number(await rpc(url, 'eth_estimateGas', [{ from: a0, to: emitter, data: emitterCall('emitMany', [2n]) }]))
    expect(result.gas).toBeGreaterThan(21_000)
    expect(result.gas).toBeLessThanOrEqual(estimate)
    expect(await rpc(url, 'eth_call', [{ to: emitter, data: emitterCall('tickCount') }, 'latest'])).toBe(pad('0x0'))
    expect(await rpc(url, 'eth_blockNumber')).toBe(head)
  })

  test('callTracer shows a nested revert with its reason; the call’s gas is the block’s gas limit by default, capped at 2^24 from Osaka (EIP-7825, as geth’s RPC)', async () => {
    const data = relayCall('forward', [emitter, emitterCall('revertWith', ['nested'])])
    const top = await traceCall<any>([{ from: a0, to: relay, data }, 'latest', { tracer: 'callTracer' }])
    expect(top).toMatchObject({ type: 'CALL', to: relay, gas: '0x1000000', error: 'execution reverted', revertReason: 'nested' })
    expect(top.calls[0]).toMatchObject({
      type: 'CALL',
      from: relay,
      to: emitter,
      output: encodeErrorResult({ abi: ERROR_ABI, errorName: 'Error', args: ['nested'] }),
      revertReason: 'nested',
    })
  })

  test('stateOverrides and blockOverrides in the config apply to the traced call', async () => {
    const overridden = await traceCall<any>([
      { from: stranger, to: emitter, data: emitterCall('tickCount') },
      'latest',
      { tracer: 'callTracer', stateOverrides: { [emitter]: { stateDiff: { [pad('0x0')]: pad('0x9') } } } },
    ])
    expect(overridden.output).toBe(pad('0x9'))
    const numbered = await traceCall<any>([
      { from: stranger, to: emitter },
      'latest',
      { tracer: 'callTracer', stateOverrides: { [emitter]: { code: '0x4360005260206000f3' } }, blockOverrides: { number: '0x777' } },
    ])
    expect(numbered.output).toBe(pad('0x777'))
  })

  test('prestateTracer of a call: what it reads, as it is now', async () => {
    const state = await traceCall<Record<string, any>>([{ from: a0, to: emitter, data: emitterCall('tickCount') }, 'latest', { tracer: 'prestateTracer' }])
    expect(state[emitter].storage).toEqual({ [pad('0x0')]: pad('0x0') })
  })

  test('the block may be given by hash, or be pending', async () => {
    const block = await rpc(url, 'eth_getBlockByNumber', ['latest', false])
    const byHash = await traceCall<any>([{ to: emitter, data: emitterCall('tickCount') }, { blockHash: block.hash }, { tracer: 'callTracer' }])
    expect(byHash.output).toBe(pad('0x0'))
    const pending = await traceCall<any>([{ to: emitter, data: emitterCall('tickCount') }, 'pending', { tracer: 'callTracer' }])
    expect(pending.output).toBe(pad('0x0'))
  })
})

describe('invalid params', () => {
  test('a call that cannot be a transaction → -32000 tracing failed, with why', async () => {
    expect(await rpcError(url, 'debug_traceCall', [{ from: stranger, to: a0, value: '0x1' }, 'latest'])).toEqual({
      code: -32000,
      message: `tracing failed: insufficient funds for gas * price + value: address ${stranger} have 0 want 1`,
    })
  })

  test('state overrides past the cap → -32000, counted before any is read', async () => {
    const stateOverrides = stateOverridesOf(MAX_STATE_OVERRIDE_ENTRIES + 1, { malformed: true })
    expect(await rpcError(url, 'debug_traceCall', [{ to: stranger }, 'latest', { stateOverrides }])).toEqual(OVERSIZED_OVERRIDES)
  })

  test('an unknown block → -32000 header not found', async () => {
    expect(await rpcError(url, 'debug_traceCall', [{ to: emitter }, '0xffff'])).toEqual({ code: -32000, message: 'header not found' })
  })

  const cases: Array<[string, unknown[], RegExp]> = [
    ['no block (geth requires one) → -32602', [{ to: stranger }], /missing value for required argument 1/],
    ['a malformed call → -32602', [{ to: '0x12' }, 'latest'], /argument 0: to: hex string has length 2, want 40/],
    ['an unknown tracer → -32602', [{ to: stranger }, 'latest', { tracer: 'muxTracer' }], /argument 2: tracer: tracer "muxTracer" is not available/],
    [
      'bad state overrides → -32602',
      [{ to: stranger }, 'latest', { stateOverrides: { [stranger]: { nonce: 'x' } } }],
      /argument 2: stateOverrides\.0x0+aa\.nonce/,
    ],
    ['bad block overrides → -32602', [{ to: stranger }, 'latest', { blockOverrides: { number: 5 } }], /argument 2: blockOverrides\.number/],
    ['txIndex → -32602 (not supported)', [{ to: stranger }, 'latest', { txIndex: '0x0' }], /argument 2: txIndex: txIndex is not supported/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async () => {
      const error = await rpcError(url, 'debug_traceCall', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})
