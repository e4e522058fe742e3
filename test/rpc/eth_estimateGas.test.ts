import type { Hex } from 'viem'
import { encodeDeployData, encodeErrorResult, hexToBytes, keccak256, pad } from 'viem/utils'
import { describe, expect } from 'vitest'
import { ChainsimToken } from '../../src/contracts/index.ts'
import { deployEmitterViaRpc, deployTokenViaRpc, devAccount, emitterCall, hex, receiptOf, send, tokenCall, type DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTest } from '../helpers/rpcTest.ts'
import { MAX_STATE_OVERRIDE_ENTRIES, OVERSIZED_OVERRIDES, stateOverridesOf } from '../helpers/stateOverrides.ts'

const a0 = devAccount(0).address
const a1 = devAccount(1).address

const test = rpcTest
let server: DevServer
let url: string
let emitter: Hex
let token: Hex

test.beforeAll(async ({ server: started }) => {
  server = started
  url = server.url
  emitter = await deployEmitterViaRpc(url)
  token = await deployTokenViaRpc(url)
})

const estimate = async (params: unknown[]) => BigInt(await rpc<Hex>(url, 'eth_estimateGas', params))

/** Prague's minimum for a call with no execution: max(intrinsic gas, the EIP-7623 calldata floor). */
function noExecutionGas(data: Hex): bigint {
  const bytes = hexToBytes(data)
  const zeros = BigInt(bytes.filter((b) => b === 0).length)
  const nonZeros = BigInt(bytes.length) - zeros
  const standard = 21_000n + 4n * zeros + 16n * nonZeros
  const floor = 21_000n + 10n * (zeros + 4n * nonZeros)
  return standard > floor ? standard : floor
}

describe('valid params', () => {
  test('a plain transfer → 21,000', async () => {
    expect(await rpc(url, 'eth_estimateGas', [{ from: a0, to: a1, value: '0x1' }])).toBe('0x5208')
  })

  test('the estimate is the least gas that succeeds: with it the call runs, with one less it runs out of gas', async () => {
    const request = { from: a0, to: emitter, data: emitterCall('emitMany', [20n]) }
    const gas = await estimate([request, 'latest'])
    expect(await rpc(url, 'eth_call', [{ ...request, gas: hex(gas) }, 'latest'])).toBe('0x')
    expect(await rpcError(url, 'eth_call', [{ ...request, gas: hex(gas - 1n) }, 'latest'])).toMatchObject({ code: -32000, message: 'out of gas' })
  })

  test('a transaction sent with the estimate is mined successfully', async () => {
    const request = { from: a0, to: token, data: tokenCall('transfer', [a1, 5n]) }
    const gas = await estimate([request])
    const receipt = await receiptOf(url, await send(url, { ...request, gas: hex(gas) }))
    expect(receipt.status).toBe('0x1')
    expect(BigInt(receipt.gasUsed)).toBeLessThanOrEqual(gas)
  })

  test('the block parameter selects the state: before the deployment the target has no code', async () => {
    const data = emitterCall('emitMany', [10n])
    expect(await estimate([{ from: a0, to: emitter, data }, 'earliest'])).toBe(noExecutionGas(data))
    expect(await estimate([{ from: a0, to: emitter, data }, 'latest'])).toBeGreaterThan(noExecutionGas(data))
  })

  test('a contract creation is estimated too (no to), and deploys with that gas', async () => {
    const data = encodeDeployData({ abi: ChainsimToken.abi, bytecode: ChainsimToken.bytecode, args: ['T', 'T', 1n] })
    const gas = await estimate([{ from: a0, data }])
    expect(gas).toBeGreaterThan(100_000n)
    expect((await receiptOf(url, await send(url, { from: a0, data, gas: hex(gas) }))).status).toBe('0x1')
  })

  test('a higher gas cap in the request gives the same estimate', async () => {
    const request = { from: a0, to: emitter, data: emitterCall('emitMany', [3n]) }
    expect(await estimate([{ ...request, gas: hex(5_000_000) }])).toBe(await estimate([request]))
  })

  test('Error(string) revert → code 3 with the data and the reason', async () => {
    const error = await rpcError(url, 'eth_estimateGas', [{ from: a0, to: emitter, data: emitterCall('revertWith', ['no gas for you']) }])
    expect(error).toEqual({
      code: 3,
      message: 'execution reverted: no gas for you',
      data: encodeErrorResult({
        abi: [{ type: 'error', name: 'Error', inputs: [{ name: 'message', type: 'string' }] }],
        errorName: 'Error',
        args: ['no gas for you'],
      }),
    })
  })

  test('Panic revert → code 3, execution reverted: assert(false)', async () => {
    const error = await rpcError(url, 'eth_estimateGas', [{ from: a0, to: emitter, data: emitterCall('panic') }])
    expect(error).toMatchObject({ code: 3, message: 'execution reverted: assert(false)', data: expect.stringMatching(/^0x4e487b71/) })
  })
})

describe('state and block overrides', () => {
  const stranger = '0x00000000000000000000000000000000000000aa'

  test('a balance override lets an empty account be estimated for a transfer', async () => {
    const request = { from: stranger, to: a1, value: hex(10n ** 18n) }
    expect(await rpcError(url, 'eth_estimateGas', [request])).toMatchObject({ code: -32000, message: expect.stringMatching(/insufficient funds/) })
    expect(await estimate([request, 'latest', { [stranger]: { balance: hex(10n ** 18n) } }])).toBe(21_000n)
  })

  test('code and storage overrides change what is estimated; the chain keeps its own', async () => {
    const request = { from: a0, to: emitter, data: emitterCall('emitMany', [1n]) }
    const plain = await estimate([request])
    // With tickCount already non-zero the SSTORE costs less than writing a first value.
    const nonZero = await estimate([request, 'latest', { [emitter]: { stateDiff: { [pad('0x0')]: pad('0x5') } } }])
    const zero = await estimate([request, 'latest', { [emitter]: { stateDiff: { [pad('0x0')]: pad('0x0') } } }])
    expect(zero).toBeGreaterThan(nonZero)
    expect([nonZero, zero]).toContain(plain)
    expect(await estimate([request, 'latest', { [emitter]: { code: '0x00' } }])).toBe(noExecutionGas(request.data))
    expect(await estimate([request])).toBe(plain)
  })

  test('a block gas limit override caps the search: a call needing more fails', async () => {
    const request = { from: a0, to: emitter, data: emitterCall('emitMany', [20n]) }
    const needed = await estimate([request])
    expect(await estimate([request, 'latest', null, { gasLimit: hex(needed + 1000n) }])).toBe(needed)
    expect(await rpcError(url, 'eth_estimateGas', [request, 'latest', null, { gasLimit: hex(needed / 2n) }])).toMatchObject({
      code: -32000,
      message: 'out of gas',
    })
  })

  test('state overrides past the cap → -32000, counted before any is read', async () => {
    const malformed = stateOverridesOf(MAX_STATE_OVERRIDE_ENTRIES + 1, { malformed: true })
    expect(await rpcError(url, 'eth_estimateGas', [{ from: a0, to: a1 }, 'latest', malformed])).toEqual(OVERSIZED_OVERRIDES)
  })

  test('malformed overrides → -32602 naming the argument', async () => {
    const state = await rpcError(url, 'eth_estimateGas', [{ from: a0, to: a1 }, 'latest', { [a1]: { balance: 'lots' } }])
    expect(state.code).toBe(-32602)
    expect(state.message).toMatch(/argument 2: .*balance: hex string without 0x prefix/)
    const block = await rpcError(url, 'eth_estimateGas', [{ from: a0, to: a1 }, 'latest', null, { time: '0x' }])
    expect(block.code).toBe(-32602)
    expect(block.message).toMatch(/argument 3: time: empty hex number/)
  })
})

describe('invalid params', () => {
  test('a gas cap below what the call needs → -32000', async () => {
    const error = await rpcError(url, 'eth_estimateGas', [{ from: a0, to: emitter, data: emitterCall('emitMany', [1n]), gas: hex(21_000) }])
    expect(error.code).toBe(-32000)
  })

  test('value above the sender’s balance → -32000 insufficient funds', async () => {
    const error = await rpcError(url, 'eth_estimateGas', [{ from: a1, to: a0, value: hex(10n ** 30n) }])
    expect(error).toMatchObject({ code: -32000, message: expect.stringMatching(/insufficient funds/) })
  })

  test('a gas cap the call cannot succeed within → -32000', async () => {
    const error = await rpcError(url, 'eth_estimateGas', [{ from: a0, to: emitter, data: emitterCall('emitMany', [20n]), gas: hex(30_000) }])
    // geth words it "gas required exceeds allowance (30000)"; the code is what clients switch on.
    expect(error).toMatchObject({ code: -32000, message: expect.stringMatching(/out of gas|gas required exceeds allowance/) })
  })

  const cases: Array<[string, unknown[], RegExp]> = [
    ['no call object → -32602', [], /missing value for required argument 0/],
    ['a call object that is an array → -32602', [[]], /argument 0: expected transaction call object/],
    ['a malformed from → -32602 naming it', [{ from: '0x12', to: a1 }], /argument 0: from:/],
    ['a value that is not a quantity → -32602', [{ to: a1, value: '1' }], /argument 0: value:/],
    ['a value with leading zeros → -32602', [{ to: a1, value: '0x01' }], /argument 0: value: hex number with leading zero digits/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async () => {
      const error = await rpcError(url, 'eth_estimateGas', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }

  test('an unknown block hash → -32000', async () => {
    expect(await rpcError(url, 'eth_estimateGas', [{ to: a1 }, { blockHash: keccak256('0x05') }])).toMatchObject({ code: -32000 })
  })
})
