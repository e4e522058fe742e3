import { keccak256 } from 'viem/utils'
import { describe, expect } from 'vitest'
import { devAccount, hex, send, signRaw, type DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'

const sender = devAccount(0).address
const to = devAccount(9).address

const test = rpcTestWith([{ name: 'dev' }, { name: 'manual', mining: { auto: false } }])
let server: DevServer
let url: string
let manual: string
let firstBlock: Record<string, any>

test.beforeAll(async ({ server: started }) => {
  server = started
  url = server.url
  manual = server.networks.manual!.url
  await send(url, { from: sender, to, value: '0x1' })
  firstBlock = await rpc(url, 'eth_getBlockByNumber', ['latest', false])
  await send(url, { from: sender, to, value: '0x1' })
})

describe('valid params', () => {
  test('an account that never sent → 0x0', async () => {
    expect(await rpc(url, 'eth_getTransactionCount', [devAccount(4).address, 'latest'])).toBe('0x0')
  })

  test('after two transactions → 0x2 (block parameter optional)', async () => {
    expect(await rpc(url, 'eth_getTransactionCount', [sender, 'latest'])).toBe('0x2')
    expect(await rpc(url, 'eth_getTransactionCount', [sender])).toBe('0x2')
  })

  test('at an earlier block, by number, tag or hash (EIP-1898)', async () => {
    expect(await rpc(url, 'eth_getTransactionCount', [sender, 'earliest'])).toBe('0x0')
    expect(await rpc(url, 'eth_getTransactionCount', [sender, firstBlock.number])).toBe('0x1')
    expect(await rpc(url, 'eth_getTransactionCount', [sender, firstBlock.hash])).toBe('0x1')
    expect(await rpc(url, 'eth_getTransactionCount', [sender, { blockHash: firstBlock.hash, requireCanonical: true }])).toBe('0x1')
    expect(await rpc(url, 'eth_getTransactionCount', [sender, { blockNumber: firstBlock.number }])).toBe('0x1')
  })

  test('pending counts the sender’s consecutive pooled transactions; latest does not', async () => {
    const account = devAccount(1).address
    await send(manual, { from: account, to, value: '0x1' })
    await send(manual, { from: account, to, value: '0x1' })
    expect(await rpc(manual, 'eth_getTransactionCount', [account, 'pending'])).toBe('0x2')
    expect(await rpc(manual, 'eth_getTransactionCount', [account, 'latest'])).toBe('0x0')
  })

  test('a pooled transaction after a nonce gap does not count toward pending', async () => {
    const raw = await signRaw(manual, 2, { type: 'eip1559', chainId: 31337, nonce: 5, to, gas: 21_000n, maxFeePerGas: 10n ** 10n, maxPriorityFeePerGas: 1n })
    await rpc(manual, 'eth_sendRawTransaction', [raw])
    expect(await rpc(manual, 'eth_getTransactionCount', [devAccount(2).address, 'pending'])).toBe('0x0')
  })

  test('once mined, latest catches up with pending', async () => {
    const account = devAccount(1).address
    await rpc(manual, 'evm_mine')
    expect(await rpc(manual, 'eth_getTransactionCount', [account, 'latest'])).toBe('0x2')
    expect(await rpc(manual, 'eth_getTransactionCount', [account, 'pending'])).toBe('0x2')
  })
})

describe('invalid params', () => {
  test('a bad address → -32602', async () => {
    expect(await rpcError(url, 'eth_getTransactionCount', ['0x12', 'latest'])).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/argument 0: hex string has length 2, want 40 for address/),
    })
  })

  test('a block past the head → -32000 header not found', async () => {
    expect(await rpcError(url, 'eth_getTransactionCount', [sender, hex(1000)])).toEqual({ code: -32000, message: 'header not found' })
  })

  test('an unknown block hash → -32000 header for hash not found', async () => {
    expect(await rpcError(url, 'eth_getTransactionCount', [sender, { blockHash: keccak256('0x03') }])).toEqual({
      code: -32000,
      message: 'header for hash not found',
    })
  })

  test('a block tag that is not a string → -32602', async () => {
    expect(await rpcError(url, 'eth_getTransactionCount', [sender, 1])).toMatchObject({ code: -32602, message: expect.stringMatching(/argument 1/) })
  })
})
