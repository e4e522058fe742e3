import type { Hex } from 'viem'
import { decodeFunctionResult, encodeErrorResult, getAddress, keccak256, pad } from 'viem/utils'
import { describe, expect } from 'vitest'
import { ChainsimToken } from '../../src/contracts/index.ts'
import { deployEmitterViaRpc, deployTokenViaRpc, devAccount, emitterCall, hex, send, tokenCall, type DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'
import { MAX_STATE_OVERRIDE_ENTRIES, OVERSIZED_OVERRIDES, stateOverridesOf } from '../helpers/stateOverrides.ts'

const ERROR_ABI = [{ type: 'error', name: 'Error', inputs: [{ name: 'message', type: 'string' }] }] as const
const PANIC_ABI = [{ type: 'error', name: 'Panic', inputs: [{ name: 'code', type: 'uint256' }] }] as const
const a0 = devAccount(0).address
const a1 = devAccount(1).address

const test = rpcTestWith([{ name: 'dev' }, { name: 'manual', mining: { auto: false } }])
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

describe('state overrides (third parameter)', () => {
  const stranger = '0x00000000000000000000000000000000000000aa'
  const slot0 = pad('0x0')
  const tickCount = () => ({ to: emitter, data: emitterCall('tickCount') })

  test('stateDiff patches slots, state replaces the whole storage, and the chain keeps its own', async () => {
    expect(await call([tickCount(), 'latest', { [emitter]: { stateDiff: { [slot0]: pad('0x2a') } } }])).toBe(pad('0x2a'))
    expect(await call([tickCount(), 'latest', { [emitter]: { state: { [pad('0x1')]: pad('0x2a') } } }])).toBe(pad('0x0'))
    expect(await call([tickCount(), 'latest'])).toBe(pad('0x3'))
  })

  test('balance lets an empty account pay; code replaces a contract’s; nonce sets the next creation address', async () => {
    const value = hex(10n ** 18n)
    expect(await rpcError(url, 'eth_call', [{ from: stranger, to: a1, value }, 'latest'])).toMatchObject({ code: -32000 })
    expect(await call([{ from: stranger, to: a1, value }, 'latest', { [stranger]: { balance: value } }])).toBe('0x')
    // PUSH1 0x2a PUSH1 0 MSTORE PUSH1 32 PUSH1 0 RETURN: returns 42.
    expect(await call([{ to: emitter }, 'latest', { [emitter]: { code: '0x602a60005260206000f3' } }])).toBe(pad('0x2a'))
    expect(await call([{ to: emitter }, 'latest', { [emitter]: { code: '0x' } }])).toBe('0x')
  })

  test('movePrecompileToAddress: the precompile answers at its new address and no longer at its own', async () => {
    const identity = '0x0000000000000000000000000000000000000004'
    const moved = { [identity]: { movePrecompileToAddress: '0x0000000000000000000000000000000000000123' } }
    expect(await call([{ to: identity, data: '0x1234' }, 'latest'])).toBe('0x1234')
    expect(await call([{ to: '0x0000000000000000000000000000000000000123', data: '0x1234' }, 'latest', moved])).toBe('0x1234')
    expect(await call([{ to: identity, data: '0x1234' }, 'latest', moved])).toBe('0x')
  })

  test('null overrides are no overrides; the same address twice in another case: the later wins', async () => {
    expect(await call([tickCount(), 'latest', null, null])).toBe(pad('0x3'))
    const upper = `0x${emitter.slice(2).toUpperCase()}`
    expect(await call([tickCount(), 'latest', { [emitter]: { stateDiff: { [slot0]: pad('0x1') } }, [upper]: { stateDiff: { [slot0]: pad('0x2') } } }])).toBe(
      pad('0x2'),
    )
  })

  test('state and stateDiff together → -32000 with geth’s words and the checksummed address', async () => {
    expect(await rpcError(url, 'eth_call', [tickCount(), 'latest', { [emitter]: { state: {}, stateDiff: {} } }])).toEqual({
      code: -32000,
      message: `account ${getAddress(emitter)} has both 'state' and 'stateDiff'`,
    })
  })

  test('moving what is not a precompile, or onto an overridden account → -32000', async () => {
    expect(await rpcError(url, 'eth_call', [tickCount(), 'latest', { [emitter]: { movePrecompileToAddress: stranger } }])).toEqual({
      code: -32000,
      message: `account ${getAddress(emitter)} is not a precompile`,
    })
    const identity = '0x0000000000000000000000000000000000000004'
    expect(
      await rpcError(url, 'eth_call', [tickCount(), 'latest', { [identity]: { movePrecompileToAddress: stranger }, [stranger]: { balance: '0x1' } }]),
    ).toEqual({
      code: -32000,
      message: `account ${getAddress(stranger)} is already overridden`,
    })
  })

  test(`${MAX_STATE_OVERRIDE_ENTRIES} accounts and storage slots are applied; one more → -32000 naming the cap`, async () => {
    const atCap = { ...stateOverridesOf(MAX_STATE_OVERRIDE_ENTRIES - 2), [emitter]: { stateDiff: { [slot0]: pad('0x2a') } } }
    expect(await call([tickCount(), 'latest', atCap])).toBe(pad('0x2a'))
    const over = { ...stateOverridesOf(MAX_STATE_OVERRIDE_ENTRIES - 1), [emitter]: { stateDiff: { [slot0]: pad('0x2a') } } }
    expect(await rpcError(url, 'eth_call', [tickCount(), 'latest', over])).toEqual(OVERSIZED_OVERRIDES)
  })

  test('oversized overrides are refused for their size before any is read, malformed as they are', async () => {
    const malformed = stateOverridesOf(MAX_STATE_OVERRIDE_ENTRIES + 1, { malformed: true })
    expect(await rpcError(url, 'eth_call', [tickCount(), 'latest', malformed])).toEqual(OVERSIZED_OVERRIDES)
    expect(await rpcError(url, 'eth_call', [tickCount(), 'latest', stateOverridesOf(MAX_STATE_OVERRIDE_ENTRIES, { malformed: true })])).toMatchObject({
      code: -32602,
    })
  })

  const invalid: Array<[string, unknown, RegExp]> = [
    ['not an object', 'nope', /argument 2: expected a state override object/],
    ['a malformed address key', { '0x12': {} }, /argument 2: 0x12: hex string has length 2, want 40 for address/],
    ['a balance that is not a quantity', { [stranger]: { balance: 12 } }, /argument 2: 0x0+aa\.balance: expected 0x-prefixed hex number/],
    ['a nonce above 64 bits', { [stranger]: { nonce: `0x1${'0'.repeat(16)}` } }, /argument 2: 0x0+aa\.nonce: hex number > 64 bits/],
    [
      'a storage key that is not 32 bytes',
      { [stranger]: { stateDiff: { '0x01': pad('0x1') } } },
      /argument 2: 0x0+aa\.stateDiff\.0x01: hex string has length 2, want 64/,
    ],
    ['odd-length code', { [stranger]: { code: '0x123' } }, /argument 2: 0x0+aa\.code: hex string has odd length/],
  ]
  for (const [name, overrides, message] of invalid) {
    test(`${name} → -32602 naming it`, async () => {
      const error = await rpcError(url, 'eth_call', [tickCount(), 'latest', overrides])
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})

describe('block overrides (fourth parameter)', () => {
  // Code that returns one header field: NUMBER (43), TIMESTAMP (42), COINBASE (41), GASLIMIT (45), PREVRANDAO (44), BASEFEE (48), BLOBBASEFEE (4a).
  const reading = (opcode: string) => ({ [emitter]: { code: `0x${opcode}60005260206000f3` } })
  const read = (opcode: string, blockOverrides: unknown, request: object = {}) => call([{ to: emitter, ...request }, 'latest', reading(opcode), blockOverrides])

  test('number, time, feeRecipient (or coinbase), gasLimit and prevRandao are what the EVM reads', async () => {
    expect(await read('43', { number: '0x99' })).toBe(pad('0x99'))
    expect(await read('42', { time: '0x99999' })).toBe(pad('0x99999'))
    expect(await read('41', { feeRecipient: a1 })).toBe(pad(a1.toLowerCase() as Hex))
    expect(await read('41', { coinbase: a1 })).toBe(pad(a1.toLowerCase() as Hex))
    expect(await read('45', { gasLimit: '0x1234567' })).toBe(pad('0x1234567'))
    expect(await read('44', { prevRandao: pad('0x42') })).toBe(pad('0x42'))
  })

  test('baseFeePerGas and blobBaseFee: BASEFEE reads the override when the call pays a fee (geth lowers it to 0 otherwise)', async () => {
    expect(await read('48', { baseFeePerGas: '0x99' }, { from: a0, maxFeePerGas: '0x100', maxPriorityFeePerGas: '0x1' })).toBe(pad('0x99'))
    expect(await read('48', { baseFeePerGas: '0x99' })).toBe(pad('0x0'))
    expect(await read('4a', { blobBaseFee: '0x77' })).toBe(pad('0x77'))
  })

  test('a gas limit override is the default gas of the call', async () => {
    const error = await rpcError(url, 'eth_call', [{ from: a0, to: emitter, data: emitterCall('emitMany', [5n]) }, 'latest', null, { gasLimit: hex(30_000) }])
    expect(error).toEqual({ code: -32000, message: 'out of gas' })
  })

  test('beaconRoot and withdrawals → -32000: geth takes them in eth_simulateV1 only', async () => {
    expect(await rpcError(url, 'eth_call', [{ to: emitter }, 'latest', null, { beaconRoot: pad('0x1') }])).toEqual({
      code: -32000,
      message: 'block override "beaconRoot" is not supported for this RPC method',
    })
    expect(await rpcError(url, 'eth_call', [{ to: emitter }, 'latest', null, { withdrawals: [] }])).toEqual({
      code: -32000,
      message: 'block override "withdrawals" is not supported for this RPC method',
    })
  })

  test('a field of the wrong type → -32602 naming it', async () => {
    const error = await rpcError(url, 'eth_call', [{ to: emitter }, 'latest', null, { number: 7 }])
    expect(error.code).toBe(-32602)
    expect(error.message).toMatch(/argument 3: number: expected 0x-prefixed hex number/)
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
    ['data that is odd-length hex → -32602 naming it', [{ to: `0x${'11'.repeat(20)}`, data: '0x123' }], /argument 0: data: hex string has odd length/],
    ['data and input that differ → -32602', [{ to: `0x${'11'.repeat(20)}`, data: '0x12', input: '0x34' }], /both "data" and "input" are set and not equal/],
    ['a gas that is not a quantity → -32602', [{ to: `0x${'11'.repeat(20)}`, gas: 21000 }], /argument 0: gas/],
    ['an unknown block tag → -32602', [{ to: `0x${'11'.repeat(20)}` }, 'newest'], /argument 1/],
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
