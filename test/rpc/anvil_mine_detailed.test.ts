import type { Hex } from 'viem'
import { describe, expect } from 'vitest'
import { devAccount, send } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'

const test = rpcTestWith([{ mining: { auto: false } }])
const alice = devAccount(0).address.toLowerCase() as Hex
const bob = devAccount(1).address.toLowerCase() as Hex

describe('valid params', () => {
  test('answers the mined block with its full transactions, as eth_getBlockByNumber(…, true) does', async ({ server }) => {
    const hash = await send(server.url, { from: alice, to: bob, value: '0x1' })
    const [block, ...rest] = await rpc(server.url, 'anvil_mine_detailed')
    expect(rest).toEqual([])
    expect(block.transactions).toHaveLength(1)
    expect(block.transactions[0]).toMatchObject({ hash, from: alice, to: bob, value: '0x1' })
    expect(block).toEqual(await rpc(server.url, 'eth_getBlockByNumber', [block.number, true]))
  })

  test('Anvil’s options: `blocks` blocks, the first at `timestamp`', async ({ server }) => {
    const head = await rpc(server.url, 'eth_getBlockByNumber', ['latest', false])
    const timestamp = Number(BigInt(head.timestamp)) + 1000
    const blocks = await rpc(server.url, 'evm_mine_detailed', [{ blocks: 3, timestamp }])
    expect(blocks.map((b: { number: string }) => BigInt(b.number))).toEqual([1n, 2n, 3n].map((n) => BigInt(head.number) + n))
    expect(BigInt(blocks[0].timestamp)).toBe(BigInt(timestamp))
  })

  test('Anvil’s own form names the timestamp null when there is none', async ({ server }) => {
    expect(await rpc(server.url, 'anvil_mine_detailed', [{ timestamp: null, blocks: 2 }])).toHaveLength(2)
  })
})

describe('invalid params', () => {
  const cases: Array<[string, unknown[], RegExp]> = [
    ['zero blocks → -32602', [{ blocks: 0 }], /blocks must be between 1/],
    ['an unknown option → -32602', [{ count: 2 }], /invalid argument 0/],
    ['a decimal string → -32602', ['100'], /invalid argument 0/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async ({ server }) => {
      const error = await rpcError(server.url, 'anvil_mine_detailed', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})
