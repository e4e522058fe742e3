import { describe, expect } from 'vitest'
import { devAccount, hex, receiptOf, send, type DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'

const test = rpcTestWith([{ mining: { auto: false } }])
let server: DevServer
let url: string
test.beforeAll(async ({ server: started }) => {
  server = started
  url = server.url
})

const latest = () => rpc(url, 'eth_getBlockByNumber', ['latest', false])

describe('valid params', () => {
  test('mines one block and answers 0x0, as Ganache and Anvil', async () => {
    expect(await rpc(url, 'evm_mine')).toBe('0x0')
    expect(await rpc(url, 'eth_blockNumber')).toBe('0x1')
  })

  test('the pool’s transactions go into the block', async () => {
    const hash = await send(url, { from: devAccount(0).address, to: devAccount(1).address, value: '0x1' })
    await rpc(url, 'evm_mine')
    expect((await latest()).transactions).toEqual([hash])
    expect((await receiptOf(url, hash)).status).toBe('0x1')
  })

  test('with a timestamp (hex or JSON number) the block gets exactly it', async () => {
    const at = BigInt((await latest()).timestamp) + 1_000n
    await rpc(url, 'evm_mine', [hex(at)])
    expect((await latest()).timestamp).toBe(hex(at))
    await rpc(url, 'evm_mine', [Number(at + 50n)])
    expect((await latest()).timestamp).toBe(hex(at + 50n))
  })

  test("Anvil's options form {timestamp, blocks} mines that many blocks, the first at the timestamp", async () => {
    const before = await latest()
    const at = BigInt(before.timestamp) + 500n
    expect(await rpc(url, 'evm_mine', [{ timestamp: Number(at), blocks: 3 }])).toBe('0x0')
    expect(await rpc(url, 'eth_blockNumber')).toBe(hex(BigInt(before.number) + 3n))
    const first = await rpc(url, 'eth_getBlockByNumber', [hex(BigInt(before.number) + 1n), false])
    expect(first.timestamp).toBe(hex(at))
    await rpc(url, 'evm_mine', [{}])
    expect(await rpc(url, 'eth_blockNumber')).toBe(hex(BigInt(before.number) + 4n))
  })
})

describe('invalid params', () => {
  test('a timestamp not after the head’s → -32602, and no block is mined', async () => {
    const head = await latest()
    const error = await rpcError(url, 'evm_mine', [head.timestamp])
    expect(error).toMatchObject({ code: -32602, message: expect.stringMatching(/argument 0: timestamp .* is not after the head's timestamp/) })
    expect((await latest()).hash).toBe(head.hash)
  })

  const cases: Array<[string, unknown[], RegExp]> = [
    ['a timestamp that is not a number → -32602', ['soon'], /argument 0/],
    ['a negative timestamp → -32602', [-1], /argument 0/],
    ['a boolean → -32602', [true], /argument 0/],
    ['two params → -32602', [1, 2], /too many arguments/],
    ['options with an unknown key → -32602', [{ block: 2 }], /argument 0/],
    ['options with zero blocks → -32602', [{ blocks: 0 }], /argument 0: blocks: blocks must be between 1 and 10000/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async () => {
      const error = await rpcError(url, 'evm_mine', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})
