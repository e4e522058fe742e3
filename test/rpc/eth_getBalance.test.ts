import { keccak256 } from 'viem/utils'
import { describe, expect } from 'vitest'
import { devAccount, hex, receiptOf, send, type DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'

const ETHER = 10n ** 18n
const INITIAL = 10_000n * ETHER
const sender = devAccount(0).address
const recipient = devAccount(1).address
const stranger = '0x00000000000000000000000000000000000000aa'

const test = rpcTestWith([{ name: 'dev' }, { name: 'manual', mining: { auto: false } }])
let server: DevServer
let url: string
let manual: string
let transfer: { block: Record<string, any>; gasCost: bigint }

test.beforeAll(async ({ server: started }) => {
  server = started
  url = server.url
  manual = server.networks.manual!.url
  const receipt = await receiptOf(url, await send(url, { from: sender, to: recipient, value: hex(ETHER) }))
  transfer = {
    block: await rpc(url, 'eth_getBlockByHash', [receipt.blockHash, false]),
    gasCost: BigInt(receipt.gasUsed) * BigInt(receipt.effectiveGasPrice),
  }
  await rpc(url, 'evm_mine')
})

const balance = async (target: string, params: unknown[]) => BigInt(await rpc(target, 'eth_getBalance', params))

describe('valid params', () => {
  test('a dev account holds 10,000 ETH at genesis', async () => {
    expect(await rpc(url, 'eth_getBalance', [devAccount(5).address, 'latest'])).toBe('0x21e19e0c9bab2400000')
  })

  test('an unknown account → 0x0', async () => {
    expect(await rpc(url, 'eth_getBalance', [stranger, 'latest'])).toBe('0x0')
  })

  test('after a transfer: the recipient gained the value, the sender paid value + gas used × price', async () => {
    expect(await balance(url, [recipient, 'latest'])).toBe(INITIAL + ETHER)
    expect(await balance(url, [sender, 'latest'])).toBe(INITIAL - ETHER - transfer.gasCost)
  })

  test('the block parameter is optional (latest)', async () => {
    expect(await balance(url, [recipient])).toBe(INITIAL + ETHER)
  })

  test('an earlier block number, earliest, safe and finalized read older state', async () => {
    for (const tag of ['0x0', 'earliest', 'safe', 'finalized']) expect(await balance(url, [recipient, tag])).toBe(INITIAL)
    expect(await balance(url, [recipient, transfer.block.number])).toBe(INITIAL + ETHER)
  })

  test('by block hash, as a string or an EIP-1898 object', async () => {
    const genesis = await rpc(url, 'eth_getBlockByNumber', ['0x0', false])
    expect(await balance(url, [recipient, genesis.hash])).toBe(INITIAL)
    expect(await balance(url, [recipient, { blockHash: transfer.block.hash }])).toBe(INITIAL + ETHER)
    expect(await balance(url, [recipient, { blockHash: genesis.hash, requireCanonical: true }])).toBe(INITIAL)
    expect(await balance(url, [recipient, { blockNumber: '0x0' }])).toBe(INITIAL)
  })

  test('pending includes the pool’s transfers, latest does not', async () => {
    await send(manual, { from: sender, to: stranger, value: '0x2a' })
    expect(await rpc(manual, 'eth_getBalance', [stranger, 'pending'])).toBe('0x2a')
    expect(await rpc(manual, 'eth_getBalance', [stranger, 'latest'])).toBe('0x0')
  })

  test('once mined, latest shows what pending should have shown', async () => {
    await rpc(manual, 'evm_mine')
    expect(await rpc(manual, 'eth_getBalance', [stranger, 'latest'])).toBe('0x2a')
  })

  test('a mixed-case address is the same account', async () => {
    expect(await balance(url, [recipient.toUpperCase().replace('0X', '0x'), 'latest'])).toBe(INITIAL + ETHER)
  })
})

describe('invalid params', () => {
  test('a short address → -32602 naming its length', async () => {
    expect(await rpcError(url, 'eth_getBalance', ['0x1234', 'latest'])).toEqual({
      code: -32602,
      message: 'invalid argument 0: hex string has length 4, want 40 for address',
    })
  })

  test('no address → -32602', async () => {
    expect(await rpcError(url, 'eth_getBalance', [])).toMatchObject({ code: -32602, message: expect.stringMatching(/missing value for required argument 0/) })
  })

  test('a block past the head → -32000 header not found', async () => {
    expect(await rpcError(url, 'eth_getBalance', [sender, '0x64'])).toEqual({ code: -32000, message: 'header not found' })
  })

  test('an unknown block hash → -32000 header for hash not found', async () => {
    for (const ref of [keccak256('0x01'), { blockHash: keccak256('0x01') }]) {
      expect(await rpcError(url, 'eth_getBalance', [sender, ref])).toEqual({ code: -32000, message: 'header for hash not found' })
    }
  })

  test('both blockHash and blockNumber → -32602', async () => {
    const error = await rpcError(url, 'eth_getBalance', [sender, { blockHash: transfer.block.hash, blockNumber: '0x1' }])
    expect(error).toMatchObject({ code: -32602, message: expect.stringMatching(/cannot specify both blockHash and blockNumber/) })
  })

  test('an empty block object → -32602', async () => {
    expect(await rpcError(url, 'eth_getBalance', [sender, {}])).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/missing blockHash or blockNumber/),
    })
  })

  test('an unknown tag → -32602', async () => {
    expect(await rpcError(url, 'eth_getBalance', [sender, 'newest'])).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/argument 1: invalid block tag/),
    })
  })

  test('a block number with leading zeros → -32602', async () => {
    expect(await rpcError(url, 'eth_getBalance', [sender, '0x01'])).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/argument 1: hex number with leading zero digits/),
    })
  })

  test('three params → -32602 too many arguments', async () => {
    expect(await rpcError(url, 'eth_getBalance', [sender, 'latest', true])).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/too many arguments/),
    })
  })
})
