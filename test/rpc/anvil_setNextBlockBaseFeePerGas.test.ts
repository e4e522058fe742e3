import { describe, expect } from 'vitest'
import { devAccount, hex, type DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'

const GWEI = 10n ** 9n
const test = rpcTestWith([{ mining: { auto: false } }])
let server: DevServer
let url: string
test.beforeAll(async ({ server: started }) => {
  server = started
  url = server.url
})

const alice = devAccount(0).address
const bob = devAccount(1).address
const latest = () => rpc(url, 'eth_getBlockByNumber', ['latest', false])

describe('valid params', () => {
  test('the next block has that base fee; the one after follows EIP-1559 from it', async () => {
    expect(await rpc(url, 'anvil_setNextBlockBaseFeePerGas', [hex(7n * GWEI)])).toBeNull()
    expect(await rpc(url, 'eth_gasPrice')).toBe(hex(8n * GWEI))
    expect((await rpc(url, 'eth_getBlockByNumber', ['pending', false])).baseFeePerGas).toBe(hex(7n * GWEI))
    await rpc(url, 'evm_mine')
    expect((await latest()).baseFeePerGas).toBe(hex(7n * GWEI))
    await rpc(url, 'evm_mine')
    // An empty parent: the base fee falls by an eighth.
    expect((await latest()).baseFeePerGas).toBe(hex((7n * GWEI * 7n) / 8n))
  })

  test('transactions sent meanwhile get fee caps for it, and are mined at it', async () => {
    await rpc(url, 'anvil_setNextBlockBaseFeePerGas', [hex(50n * GWEI)])
    const hash = await rpc(url, 'eth_sendTransaction', [{ from: alice, to: bob }])
    expect((await rpc(url, 'eth_getTransactionByHash', [hash])).maxFeePerGas).toBe(hex(101n * GWEI))
    await rpc(url, 'evm_mine')
    expect((await rpc(url, 'eth_getTransactionReceipt', [hash])).effectiveGasPrice).toBe(hex(51n * GWEI))
  })

  test('a fee cap below it is refused until it is mined', async () => {
    await rpc(url, 'anvil_setNextBlockBaseFeePerGas', [1_000_000_000_000])
    const error = await rpcError(url, 'eth_sendTransaction', [{ from: alice, to: bob, maxFeePerGas: hex(10n * GWEI) }])
    expect(error.message).toMatch(/max fee per gas less than block base fee/)
    await rpc(url, 'evm_mine')
  })

  test('hardhat_setNextBlockBaseFeePerGas answers true', async () => {
    expect(await rpc(url, 'hardhat_setNextBlockBaseFeePerGas', ['0x1'])).toBe(true)
    await rpc(url, 'evm_mine')
    expect((await latest()).baseFeePerGas).toBe('0x1')
  })
})

describe('invalid params', () => {
  const cases: Array<[string, unknown[], RegExp]> = [
    ['past 256 bits → -32602', [`0x1${'0'.repeat(64)}`], /invalid argument 0: expected 0x-prefixed hex number or non-negative integer/],
    ['a negative number → -32602', [-5], /invalid argument 0/],
    ['no fee → -32602', [], /missing value for required argument 0/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async () => {
      const error = await rpcError(url, 'anvil_setNextBlockBaseFeePerGas', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})
