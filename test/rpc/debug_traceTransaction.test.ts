import type { Hex } from 'viem'
import { encodeErrorResult, keccak256, pad } from 'viem/utils'
import { describe, expect } from 'vitest'
import { EventEmitter } from '../../src/contracts/index.ts'
import {
  deploy,
  deployEmitterViaRpc,
  deployRelayViaRpc,
  devAccount,
  emitterCall,
  hex,
  receiptOf,
  relayCall,
  send,
  type DevServer,
} from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'
import { expectEach } from '../helpers/expectEach.ts'

/** Init code deploying the runtime code 0x33ff (CALLER SELFDESTRUCT). */
const SELF_DESTRUCT_INIT_CODE = '0x6133ff6000526002601ef3'
const ERROR_ABI = [{ type: 'error', name: 'Error', inputs: [{ name: 'message', type: 'string' }] }] as const
const a0 = devAccount(0).address
const a1 = devAccount(1).address

interface StructLog {
  pc: number
  op: string
  gas: number
  gasCost: number
  depth: number
  error?: string
  stack?: string[]
  memory?: string[]
  storage?: Record<string, string>
  returnData?: string
  refund?: number
}
interface StructLogTrace {
  gas: number
  failed: boolean
  returnValue: string
  structLogs: StructLog[]
}
interface Frame {
  type: string
  from: string
  to?: string
  value?: string
  gas: string
  gasUsed: string
  input: string
  output?: string
  error?: string
  revertReason?: string
  calls?: Frame[]
  logs?: Array<{ address: string; topics: string[]; data: string; position: string }>
}

const test = rpcTestWith([{ name: 'dev' }, { name: 'manual', mining: { auto: false } }])
let server: DevServer
let url: string
let emitter: Hex
let relay: Hex
let outer: Hex
let emitTx: Hex
let deepRevertTx: Hex
const deepRevertData = (): Hex => relayCall('forward', [outer, relayCall('forward', [emitter, emitterCall('revertWith', ['deep'])])])

test.beforeAll(async ({ server: started }) => {
  server = started
  url = server.url
  emitter = await deployEmitterViaRpc(url)
  relay = await deployRelayViaRpc(url)
  outer = await deployRelayViaRpc(url)
  emitTx = await send(url, { from: a0, to: emitter, data: emitterCall('emitMany', [3n]) })
  // A transaction that fails on chain: a relay forwards to a relay that forwards to a revert.
  deepRevertTx = await send(url, { from: a0, to: relay, data: deepRevertData(), gas: hex(300_000) })
})

const trace = <T>(hash: Hex, config?: unknown) => rpc<T>(url, 'debug_traceTransaction', config === undefined ? [hash] : [hash, config])

/** Within one frame, an opcode that opens no frame leaves exactly gas − gasCost to the next one. */
function expectGasAccounting(logs: StructLog[]): void {
  for (let i = 0; i + 1 < logs.length; i++) {
    const [now, next] = [logs[i]!, logs[i + 1]!]
    if (now.depth !== next.depth || /CALL|CREATE/.test(now.op)) continue
    expect(next.gas, `${now.op} at pc ${now.pc}`).toBe(now.gas - now.gasCost)
  }
}

describe('valid params', () => {
  test('the struct logger: one entry per opcode, from pc 0 at depth 1, gas as the receipt says', async () => {
    const result = await trace<StructLogTrace>(emitTx)
    const receipt = await receiptOf(url, emitTx)
    expect(result.gas).toBe(Number(receipt.gasUsed))
    expect(result).toMatchObject({ failed: false, returnValue: '0x' })
    expect(result.structLogs[0]).toMatchObject({ pc: 0, op: 'PUSH1', gasCost: 3, depth: 1, stack: [] })
    expect(result.structLogs.at(-1)?.op).toBe('STOP')
    expect(result.structLogs.filter((l) => l.op === 'LOG3')).toHaveLength(3)
    expectGasAccounting(result.structLogs)
  })

  test('SLOAD and SSTORE carry the storage seen so far, as 32-byte hex without 0x', async () => {
    const { structLogs } = await trace<StructLogTrace>(emitTx)
    const slot = '0'.repeat(64)
    expect(structLogs.find((l) => l.op === 'SLOAD')?.storage).toEqual({ [slot]: '0'.repeat(64) })
    expect(structLogs.find((l) => l.op === 'SSTORE')?.storage).toEqual({ [slot]: pad('0x3').slice(2) })
  })

  test('options: disableStack, disableStorage, enableMemory, limit', async () => {
    const result = await trace<StructLogTrace>(emitTx, { disableStack: true, disableStorage: true, enableMemory: true, limit: 20 })
    expect(result.structLogs).toHaveLength(20)
    expectEach(result.structLogs, (log, label) => {
      expect(log.stack, label).toBeUndefined()
      expect(log.storage, label).toBeUndefined()
    })
    const mstore = result.structLogs.findIndex((l) => l.op === 'MSTORE')
    expect(result.structLogs[mstore]?.memory).toBeUndefined()
    expect(result.structLogs[mstore + 1]?.memory).toEqual(['0'.repeat(64), '0'.repeat(64), pad('0x80').slice(2)])
  })

  test('enableReturnData: what RETURNDATASIZE sees after a call', async () => {
    const hash = await send(url, { from: a0, to: relay, data: relayCall('peek', [emitter, emitterCall('tickCount')]) })
    const { structLogs } = await trace<StructLogTrace>(hash, { enableReturnData: true })
    const afterCall = structLogs.findIndex((l) => l.op === 'STATICCALL') + 1
    const back = structLogs.slice(afterCall).find((l) => l.depth === 1)
    expect(back?.returnData).toBe(pad('0x3'))
    expect(structLogs[0]?.returnData).toBeUndefined()
  })

  test('a reverted transaction: failed, the revert data as returnValue, the REVERT at the depth of the failing call', async () => {
    const result = await trace<StructLogTrace>(deepRevertTx)
    expect(result.failed).toBe(true)
    expect(result.returnValue).toBe(encodeErrorResult({ abi: ERROR_ABI, errorName: 'Error', args: ['deep'] }))
    const reverts = result.structLogs.filter((l) => l.op === 'REVERT')
    expect(reverts.map((l) => l.depth)).toEqual([3, 2, 1])
    expect(Math.max(...result.structLogs.map((l) => l.depth))).toBe(3)
    expect(result.gas).toBe(Number((await receiptOf(url, deepRevertTx)).gasUsed))
  })

  test('callTracer: nested frames, the revert reason at every level, the gas of the receipt', async () => {
    const top = await trace<Frame>(deepRevertTx, { tracer: 'callTracer' })
    expect(top).toMatchObject({
      type: 'CALL',
      from: a0.toLowerCase(),
      to: relay,
      value: '0x0',
      gas: hex(300_000),
      gasUsed: (await receiptOf(url, deepRevertTx)).gasUsed,
      input: deepRevertData(),
      error: 'execution reverted',
      revertReason: 'deep',
    })
    const middle = top.calls![0]!
    expect(middle).toMatchObject({ type: 'CALL', from: relay, to: outer, error: 'execution reverted', revertReason: 'deep' })
    expect(middle.calls![0]).toMatchObject({
      type: 'CALL',
      from: outer,
      to: emitter,
      input: emitterCall('revertWith', ['deep']),
      output: encodeErrorResult({ abi: ERROR_ABI, errorName: 'Error', args: ['deep'] }),
      error: 'execution reverted',
      revertReason: 'deep',
    })
    expect(middle.calls![0]!.calls).toBeUndefined()
  })

  test('callTracer withLog: logs in their frame, positioned among its calls; a failed frame has none', async () => {
    const hash = await send(url, { from: a0, to: relay, data: relayCall('forward', [emitter, emitterCall('emitMany', [2n])]) })
    const top = await trace<Frame>(hash, { tracer: 'callTracer', tracerConfig: { withLog: true } })
    expect(top.calls![0]!.logs?.map((l) => l.position)).toEqual(['0x0', '0x0'])
    expect(top.logs).toHaveLength(1)
    expect(top.logs![0]).toMatchObject({ address: relay, position: '0x1' })
    const failed = await trace<Frame>(deepRevertTx, { tracer: 'callTracer', tracerConfig: { withLog: true } })
    expect(failed.calls![0]!.calls![0]!.logs).toBeUndefined()
  })

  test('callTracer onlyTopCall: the transaction frame alone', async () => {
    const top = await trace<Frame>(deepRevertTx, { tracer: 'callTracer', tracerConfig: { onlyTopCall: true } })
    expect(top.calls).toBeUndefined()
    expect(top.revertReason).toBe('deep')
  })

  test('callTracer names STATICCALL, DELEGATECALL, CREATE, CREATE2 and SELFDESTRUCT frames as geth does', async () => {
    const frameOf = async (data: Hex) => (await trace<Frame>(await send(url, { from: a0, to: relay, data }), { tracer: 'callTracer' })).calls![0]!
    const ticks = await rpc<Hex>(url, 'eth_call', [{ to: emitter, data: emitterCall('tickCount') }, 'latest'])
    const staticFrame = await frameOf(relayCall('peek', [emitter, emitterCall('tickCount')]))
    expect(staticFrame).toMatchObject({ type: 'STATICCALL', from: relay, to: emitter, output: ticks })
    expect(staticFrame.value).toBeUndefined()
    expect(await frameOf(relayCall('borrow', [emitter, emitterCall('tickCount')]))).toMatchObject({
      type: 'DELEGATECALL',
      from: relay,
      to: emitter,
      value: '0x0',
    })
    const created = await frameOf(relayCall('spawn', [EventEmitter.bytecode]))
    expect(created).toMatchObject({ type: 'CREATE', from: relay, value: '0x0', input: EventEmitter.bytecode })
    expect(await rpc(url, 'eth_getCode', [created.to, 'latest'])).toBe(created.output)
    expect(await frameOf(relayCall('spawnAt', [pad('0x1'), EventEmitter.bytecode]))).toMatchObject({ type: 'CREATE2', from: relay })
    // A contract whose code is CALLER SELFDESTRUCT: whatever it is sent goes back to the sender.
    const destructible = await deploy(url, SELF_DESTRUCT_INIT_CODE)
    const destroyed = await trace<Frame>(await send(url, { from: a0, to: destructible, value: hex(5) }), { tracer: 'callTracer' })
    expect(destroyed.calls).toEqual([{ type: 'SELFDESTRUCT', from: destructible, to: a0.toLowerCase(), gas: '0x0', gasUsed: '0x0', input: '0x', value: '0x5' }])
  })

  test('prestateTracer: the accounts and slots touched, as they were before', async () => {
    const state = await trace<Record<string, any>>(emitTx, { tracer: 'prestateTracer' })
    expect(Object.keys(state).sort()).toEqual([a0.toLowerCase(), emitter, `0x${'0'.repeat(40)}`].sort())
    expect(state[emitter]).toMatchObject({ balance: '0x0', nonce: 1, storage: { [pad('0x0')]: pad('0x0') } })
    expect(state[emitter].code).toBe(await rpc(url, 'eth_getCode', [emitter, 'latest']))
    const sender = state[a0.toLowerCase()]
    expect(typeof sender.nonce).toBe('number')
  })

  test('prestateTracer diffMode: what changed, before and after', async () => {
    const { pre, post } = await trace<{ pre: Record<string, any>; post: Record<string, any> }>(emitTx, {
      tracer: 'prestateTracer',
      tracerConfig: { diffMode: true, disableCode: true },
    })
    expect(post[emitter]).toEqual({ storage: { [pad('0x0')]: pad('0x3') } })
    expect(pre[emitter]).toEqual({ balance: '0x0', nonce: 1 })
    expect(post[a0.toLowerCase()].nonce).toBe(pre[a0.toLowerCase()].nonce + 1)
    expect(BigInt(post[a0.toLowerCase()].balance)).toBeLessThan(BigInt(pre[a0.toLowerCase()].balance))
  })

  test('a block mined on state set with anvil_setStorageAt is re-executed on that state', async () => {
    const fresh = await deployEmitterViaRpc(url)
    await rpc(url, 'anvil_setStorageAt', [fresh, '0x0', pad('0x64')])
    const hash = await send(url, { from: a0, to: fresh, data: emitterCall('emitMany', [1n]) })
    const { structLogs, gas } = await trace<StructLogTrace>(hash)
    expect(gas).toBe(Number((await receiptOf(url, hash)).gasUsed))
    expect(structLogs.find((l) => l.op === 'SLOAD')?.storage).toEqual({ [pad('0x0').slice(2)]: pad('0x64').slice(2) })
  })

  test('a later transaction of a block is traced after the earlier ones ran', async () => {
    const manual = server.networks.manual!.url
    const local = await deployEmitterViaRpc(manual, { mine: true })
    await send(manual, { from: a0, to: local, data: emitterCall('emitMany', [2n]) })
    const second = await send(manual, { from: a0, to: local, data: emitterCall('emitMany', [1n]) })
    await rpc(manual, 'evm_mine')
    const state = await rpc<Record<string, any>>(manual, 'debug_traceTransaction', [second, { tracer: 'prestateTracer' }])
    expect(state[local].storage).toEqual({ [pad('0x0')]: pad('0x2') })
  })
})

describe('invalid params', () => {
  test('an unknown transaction → -32000 transaction not found', async () => {
    expect(await rpcError(url, 'debug_traceTransaction', [keccak256('0x01')])).toEqual({ code: -32000, message: 'transaction not found' })
  })

  test('a pooled transaction is not traceable yet → -32000 transaction not found', async () => {
    const manual = server.networks.manual!.url
    const pooled = await send(manual, { from: a1, to: a0, value: '0x1' })
    expect(await rpcError(manual, 'debug_traceTransaction', [pooled])).toEqual({ code: -32000, message: 'transaction not found' })
  })

  test('a trace past its timeout → -32000 execution timeout', async () => {
    // Long enough for the deadline to be read: the clock is read every 1,024 opcodes.
    const long = await send(url, { from: a0, to: emitter, data: emitterCall('emitMany', [40n]) })
    expect(await rpcError(url, 'debug_traceTransaction', [long, { timeout: '1ns' }])).toEqual({ code: -32000, message: 'execution timeout' })
  })

  const cases: Array<[string, unknown[], RegExp]> = [
    ['no hash → -32602', [], /missing value for required argument 0/],
    ['a short hash → -32602', ['0x1234'], /argument 0: hex string has length 4, want 64/],
    [
      'a tracer chainsim does not run → -32602 naming it',
      [keccak256('0x01'), { tracer: 'fourByteTracer' }],
      /argument 1: tracer: tracer "fourByteTracer" is not available/,
    ],
    ['a config that is not an object → -32602', [keccak256('0x01'), 'callTracer'], /argument 1: expected a trace config object/],
    [
      'a tracerConfig of the wrong type → -32602',
      [keccak256('0x01'), { tracer: 'callTracer', tracerConfig: { withLog: 'yes' } }],
      /argument 1: tracerConfig: expected boolean/,
    ],
    ['a timeout that is no duration → -32602', [keccak256('0x01'), { timeout: '5 seconds' }], /argument 1: timeout: time: invalid duration "5 seconds"/],
    ['a negative limit → -32602', [keccak256('0x01'), { limit: -1 }], /argument 1: limit: expected a non-negative integer/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async () => {
      const error = await rpcError(url, 'debug_traceTransaction', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})
