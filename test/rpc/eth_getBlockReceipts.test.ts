import type { Hex } from 'viem'
import { keccak256 } from 'viem/utils'
import { describe, expect } from 'vitest'
import { deployEmitterViaRpc, devAccount, emitterCall, send, type DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'

const test = rpcTestWith([{ mining: { auto: false } }])
let server: DevServer
let url: string
let hashes: Hex[]
let block2: Record<string, any>

/** Block 1 deploys the emitter; block 2 holds an event and a transfer; block 3 is empty. */
test.beforeAll(async ({ server: started }) => {
  server = started
  url = server.url
  const emitter = await deployEmitterViaRpc(url, { mine: true })
  hashes = [
    await send(url, { from: devAccount(0).address, to: emitter, data: emitterCall('emitOneTopic', [1n]) }),
    await send(url, { from: devAccount(1).address, to: devAccount(2).address, value: '0x1' }),
  ]
  await rpc(url, 'evm_mine')
  await rpc(url, 'evm_mine')
  block2 = await rpc(url, 'eth_getBlockByNumber', ['0x2', false])
})

const receipts = (ref: unknown) => rpc<Array<Record<string, any>> | null>(url, 'eth_getBlockReceipts', [ref])

describe('valid params', () => {
  test('every receipt of the block, in order, as eth_getTransactionReceipt gives them', async () => {
    const expected = await Promise.all(hashes.map((h) => rpc(url, 'eth_getTransactionReceipt', [h])))
    expect(await receipts('0x2')).toEqual(expected)
    expect(expected.map((r) => r.transactionIndex)).toEqual(['0x0', '0x1'])
  })

  test('by hash (a string or EIP-1898 object) and by EIP-1898 number → the same', async () => {
    const expected = await receipts('0x2')
    expect(await receipts(block2.hash)).toEqual(expected)
    expect(await receipts({ blockHash: block2.hash })).toEqual(expected)
    expect(await receipts({ blockNumber: '0x2' })).toEqual(expected)
  })

  test('an empty block → [] (genesis, earliest, latest)', async () => {
    expect(await receipts('0x0')).toEqual([])
    expect(await receipts('earliest')).toEqual([])
    expect(await receipts('latest')).toEqual([])
  })

  test('a block past the head → null', async () => {
    expect(await receipts('0x37')).toBeNull()
  })

  test('an unknown hash → null', async () => {
    expect(await receipts(keccak256('0x0d'))).toBeNull()
  })
})

describe('invalid params', () => {
  const cases: Array<[string, unknown[], RegExp]> = [
    ['an unknown tag → -32602', ['newest'], /argument 0: invalid block tag/],
    ['a number with leading zeros → -32602', ['0x02'], /argument 0: hex number with leading zero digits/],
    ['blockHash and blockNumber together → -32602', [{ blockHash: keccak256('0x0d'), blockNumber: '0x1' }], /cannot specify both/],
    ['no params → -32602', [], /missing value for required argument 0/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async () => {
      const error = await rpcError(url, 'eth_getBlockReceipts', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})
