import type { Hex } from 'viem'
import { getContractAddress, keccak256 } from 'viem/utils'
import { describe, expect } from 'vitest'
import { EventEmitter } from '../../src/contracts/index.ts'
import { deployEmitterViaRpc, devAccount, nextNonce, send, type DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'

const test = rpcTestWith([{ name: 'dev' }, { name: 'manual', mining: { auto: false } }])
let server: DevServer
let url: string
let manual: string
let emitter: Hex
const pooledDeployer = devAccount(3).address
let pooledAddress: Hex

test.beforeAll(async ({ server: started }) => {
  server = started
  url = server.url
  manual = server.networks.manual!.url
  emitter = await deployEmitterViaRpc(url)
  pooledAddress = getContractAddress({ from: pooledDeployer, nonce: BigInt(await nextNonce(manual, pooledDeployer)) })
})

describe('valid params', () => {
  test('a deployed contract → its runtime bytecode, as compiled', async () => {
    expect(await rpc(url, 'eth_getCode', [emitter, 'latest'])).toBe(EventEmitter.deployedBytecode)
  })

  test('the block parameter is optional (latest)', async () => {
    expect(await rpc(url, 'eth_getCode', [emitter])).toBe(EventEmitter.deployedBytecode)
  })

  test('an account without code → 0x', async () => {
    expect(await rpc(url, 'eth_getCode', [devAccount(0).address, 'latest'])).toBe('0x')
    expect(await rpc(url, 'eth_getCode', ['0x00000000000000000000000000000000000000aa', 'latest'])).toBe('0x')
  })

  test('before the deployment block → 0x; by that block’s hash → the code', async () => {
    expect(await rpc(url, 'eth_getCode', [emitter, 'earliest'])).toBe('0x')
    const block = await rpc(url, 'eth_getBlockByNumber', ['0x1', false])
    expect(await rpc(url, 'eth_getCode', [emitter, { blockHash: block.hash }])).toBe(EventEmitter.deployedBytecode)
  })

  test('a deployment waiting in the pool: code at pending, none at latest', async () => {
    await send(manual, { from: pooledDeployer, data: EventEmitter.bytecode })
    expect(await rpc(manual, 'eth_getCode', [pooledAddress, 'latest'])).toBe('0x')
    expect(await rpc(manual, 'eth_getCode', [pooledAddress, 'pending'])).toBe(EventEmitter.deployedBytecode)
  })

  test('once mined, latest shows what pending should have shown', async () => {
    await rpc(manual, 'evm_mine')
    expect(await rpc(manual, 'eth_getCode', [pooledAddress, 'latest'])).toBe(EventEmitter.deployedBytecode)
  })
})

describe('invalid params', () => {
  test('an address of 21 bytes → -32602', async () => {
    expect(await rpcError(url, 'eth_getCode', [`${emitter}00`, 'latest'])).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/argument 0: hex string has length 42, want 40 for address/),
    })
  })

  test('an address that is not a string → -32602', async () => {
    expect(await rpcError(url, 'eth_getCode', [42, 'latest'])).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/argument 0: expected 0x-prefixed address/),
    })
  })

  test('a block past the head → -32000 header not found', async () => {
    expect(await rpcError(url, 'eth_getCode', [emitter, '0x10'])).toEqual({ code: -32000, message: 'header not found' })
  })

  test('an unknown block hash → -32000', async () => {
    expect(await rpcError(url, 'eth_getCode', [emitter, { blockHash: keccak256('0x02') }])).toMatchObject({ code: -32000 })
  })
})
