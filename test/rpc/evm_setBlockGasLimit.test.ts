import { describe, expect } from 'vitest'
import { devAccount, hex, receiptOf, send, type DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTest } from '../helpers/rpcTest.ts'

const test = rpcTest
let server: DevServer
let url: string
test.beforeAll(async ({ server: started }) => {
  server = started
  url = server.url
})

const alice = devAccount(0).address
const bob = devAccount(1).address

describe('valid params', () => {
  test('blocks mined from then on carry the new gas limit; true', async () => {
    expect(await rpc(url, 'evm_setBlockGasLimit', [hex(45_000_000)])).toBe(true)
    const receipt = await receiptOf(url, await send(url, { from: alice, to: bob }))
    expect((await rpc(url, 'eth_getBlockByNumber', [receipt.blockNumber, false])).gasLimit).toBe(hex(45_000_000))
    expect((await rpc(url, 'anvil_nodeInfo')).environment.gasLimit).toBe(hex(45_000_000))
  })

  test('a transaction above the new limit is refused at admission, in geth words', async () => {
    await rpc(url, 'evm_setBlockGasLimit', [100_000])
    const error = await rpcError(url, 'eth_sendTransaction', [{ from: alice, to: bob, gas: hex(200_000) }])
    expect(error).toEqual({ code: -32000, message: 'exceeds block gas limit' })
    await rpc(url, 'evm_mine')
    expect((await rpc(url, 'eth_getBlockByNumber', ['latest', false])).gasLimit).toBe(hex(100_000))
  })

  test('a limit below what any transaction needs still mines empty blocks', async () => {
    await rpc(url, 'evm_setBlockGasLimit', ['0x0'])
    await rpc(url, 'evm_mine')
    expect((await rpc(url, 'eth_getBlockByNumber', ['latest', false])).gasLimit).toBe('0x0')
    await rpc(url, 'evm_setBlockGasLimit', [hex(30_000_000)])
  })
})

describe('invalid params', () => {
  const cases: Array<[string, unknown[], RegExp]> = [
    ['past 64 bits → -32602', [`0x1${'0'.repeat(16)}`], /invalid argument 0: hex number > 64 bits/],
    ['a negative number → -32602', [-1], /invalid argument 0/],
    ['a decimal string → -32602', ['30000000'], /invalid argument 0: hex string without 0x prefix/],
    ['no limit → -32602', [], /missing value for required argument 0/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async () => {
      const error = await rpcError(url, 'evm_setBlockGasLimit', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})
