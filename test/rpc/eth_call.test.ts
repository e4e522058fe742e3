import type { Hex } from 'viem'
import { decodeFunctionResult, encodeErrorResult, keccak256, pad } from 'viem/utils'
import { describe, expect } from 'vitest'
import { ChainsimToken } from '../../src/contracts/index.ts'
import {
  deployEmitterViaRpc,
  deployTokenViaRpc,
  devAccount,
  emitterCall,
  hex,
  send,
  
  tokenCall,
  type DevServer,
} from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTest } from '../helpers/rpcTest.ts'

const ERROR_ABI = [{ type: 'error', name: 'Error', inputs: [{ name: 'message', type: 'string' }] }] as const
const PANIC_ABI = [{ type: 'error', name: 'Panic', inputs: [{ name: 'code', type: 'uint256' }] }] as const
const a0 = devAccount(0).address
const a1 = devAccount(1).address

const test = rpcTest.override('networks', [{ name: 'dev' }, { name: 'manual', mining: { auto: false } }])
let server: DevServer
let url: string
let manual: string
let emitter: Hex
let token: Hex
let emitterBlock: Hex

test.beforeAll(async ({ server: started }) => {
  server = started
  url = server.url
  manual = server.networks.manual!.url
  emitter = await deployEmitterViaRpc(url)
  emitterBlock = await rpc(url, 'eth_blockNumber')
  token = await deployTokenViaRpc(url)
  await send(url, { from: a0, to: emitter, data: emitterCall('emitMany', [3n]) })
})

const call = (params: unknown[]) => rpc<Hex>(url, 'eth_call', params)

describe('valid params', () => {
  test('a view function → its ABI-encoded return value', async () => {
    expect(await call([{ to: emitter, data: emitterCall('tickCount') }, 'latest'])).toBe(pad('0x3'))
    const name = await call([{ to: token, data: tokenCall('name') }, 'latest'])
    expect(decodeFunctionResult({ abi: ChainsimToken.abi, functionName: 'name', data: name })).toBe('Token')
  })

  test('the block parameter is optional (latest); `input` works as `data`', async () => {
    expect(await call([{ to: emitter, input: emitterCall('tickCount') }])).toBe(pad('0x3'))
    expect(await call([{ to: emitter, data: emitterCall('tickCount'), input: emitterCall('tickCount') }])).toBe(pad('0x3'))
  })

  test('from is the caller; without it the caller is the zero address', async () => {
    expect(await call([{ from: a0, to: token, data: tokenCall('transfer', [a1, 1n]) }, 'latest'])).toBe(pad('0x1'))
    // transfer() from the zero address, which holds no tokens, reverts.
    const error = await rpcError(url, 'eth_call', [{ to: token, data: tokenCall('transfer', [a1, 1n]) }, 'latest'])
    expect(error.message).toBe('execution reverted: ERC20: insufficient balance')
  })

  test('an earlier block, by number or by hash, runs on that block’s state', async () => {
    const block = await rpc(url, 'eth_getBlockByNumber', [emitterBlock, false])
    expect(await call([{ to: emitter, data: emitterCall('tickCount') }, emitterBlock])).toBe(pad('0x0'))
    expect(await call([{ to: emitter, data: emitterCall('tickCount') }, { blockHash: block.hash }])).toBe(pad('0x0'))
    expect(await call([{ to: emitter, data: emitterCall('tickCount') }, 'earliest'])).toBe('0x')
  })

  test('nothing is kept: a state-changing call leaves the chain as it was', async () => {
    const head = await rpc(url, 'eth_blockNumber')
    await call([{ from: a0, to: emitter, data: emitterCall('emitMany', [5n]) }, 'latest'])
    expect(await call([{ to: emitter, data: emitterCall('tickCount') }, 'latest'])).toBe(pad('0x3'))
    expect(await rpc(url, 'eth_blockNumber')).toBe(head)
  })

  test('a call to an account without code → 0x', async () => {
    expect(await call([{ from: a0, to: a1, value: '0x1' }, 'latest'])).toBe('0x')
  })

  test('pending runs on the state the pool would leave', async () => {
    const pendingEmitter = await deployEmitterViaRpc(manual, { mine: true })
    await send(manual, { from: a0, to: pendingEmitter, data: emitterCall('emitMany', [4n]) })
    expect(await rpc(manual, 'eth_call', [{ to: pendingEmitter, data: emitterCall('tickCount') }, 'latest'])).toBe(pad('0x0'))
    expect(await rpc(manual, 'eth_call', [{ to: pendingEmitter, data: emitterCall('tickCount') }, 'pending'])).toBe(pad('0x4'))
  })

  test('Error(string) revert → code 3, the revert bytes as data and the reason in the message', async () => {
    const error = await rpcError(url, 'eth_call', [{ to: emitter, data: emitterCall('revertWith', ['not today']) }, 'latest'])
    expect(error).toEqual({
      code: 3,
      message: 'execution reverted: not today',
      data: encodeErrorResult({ abi: ERROR_ABI, errorName: 'Error', args: ['not today'] }),
    })
  })

  test('Panic(0x01) revert → code 3 with geth’s words for it', async () => {
    const error = await rpcError(url, 'eth_call', [{ to: emitter, data: emitterCall('panic') }, 'latest'])
    expect(error).toEqual({
      code: 3,
      message: 'execution reverted: assert(false)',
      data: encodeErrorResult({ abi: PANIC_ABI, errorName: 'Panic', args: [1n] }),
    })
  })

  test('a revert without data → code 3, execution reverted, data 0x', async () => {
    const error = await rpcError(url, 'eth_call', [{ to: emitter, data: '0xdeadbeef' }, 'latest'])
    expect(error).toEqual({ code: 3, message: 'execution reverted', data: '0x' })
  })

  test('too little gas → -32000 out of gas', async () => {
    const error = await rpcError(url, 'eth_call', [{ from: a0, to: emitter, data: emitterCall('emitMany', [50n]), gas: hex(40_000) }, 'latest'])
    expect(error).toEqual({ code: -32000, message: 'out of gas' })
  })
})

describe('invalid params', () => {
  test('gas below the intrinsic cost → -32000 intrinsic gas too low', async () => {
    const error = await rpcError(url, 'eth_call', [{ from: a0, to: emitter, data: emitterCall('emitMany', [1n]), gas: hex(21_000) }, 'latest'])
    expect(error).toMatchObject({ code: -32000, message: expect.stringMatching(/intrinsic gas too low/) })
  })

  test('value above the sender’s balance → -32000 insufficient funds', async () => {
    const error = await rpcError(url, 'eth_call', [{ from: a1, to: a0, value: hex(10n ** 30n) }, 'latest'])
    expect(error).toMatchObject({ code: -32000, message: expect.stringMatching(/insufficient funds/) })
  })

  const cases: Array<[string, unknown[], RegExp]> = [
    ['no call object → -32602', [], /missing value for required argument 0/],
    ['a call object that is a string → -32602', ['0x12'], /argument 0: expected transaction call object/],
    ['a malformed to → -32602 naming it', [{ to: '0x1234' }, 'latest'], /argument 0: to: hex string has length 4, want 40/],
    ['data that is odd-length hex → -32602 naming it', [{ to: '0x' + '11'.repeat(20), data: '0x123' }], /argument 0: data: hex string has odd length/],
    ['data and input that differ → -32602', [{ to: '0x' + '11'.repeat(20), data: '0x12', input: '0x34' }], /both "data" and "input" are set and not equal/],
    ['a gas that is not a quantity → -32602', [{ to: '0x' + '11'.repeat(20), gas: 21000 }], /argument 0: gas/],
    ['an unknown block tag → -32602', [{ to: '0x' + '11'.repeat(20) }, 'newest'], /argument 1/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async () => {
      const error = await rpcError(url, 'eth_call', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }

  test('a block past the head → -32000 header not found', async () => {
    expect(await rpcError(url, 'eth_call', [{ to: emitter }, '0xfff'])).toEqual({ code: -32000, message: 'header not found' })
  })

  test('an unknown block hash → -32000 header for hash not found', async () => {
    expect(await rpcError(url, 'eth_call', [{ to: emitter }, { blockHash: keccak256('0x04') }])).toEqual({
      code: -32000,
      message: 'header for hash not found',
    })
  })
})
