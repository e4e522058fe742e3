import { describe, expect } from 'vitest'
import type { DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTest } from '../helpers/rpcTest.ts'

const test = rpcTest
let server: DevServer
let url: string
test.beforeAll(async ({ server: started }) => {
  server = started
  url = server.url
})

describe('valid params', () => {
  test('refused as Anvil refuses it while EIP-1559 is active (every chainsim block): its words, its code', async () => {
    const gasPrice = await rpc(url, 'eth_gasPrice')
    expect(await rpcError(url, 'anvil_setMinGasPrice', ['0x3b9aca00'])).toEqual({
      code: -32602,
      message: 'anvil_setMinGasPrice is not supported when EIP-1559 is active',
    })
    expect(await rpc(url, 'eth_gasPrice')).toBe(gasPrice)
  })

  test('hardhat_setMinGasPrice is refused in its own name, as Hardhat does', async () => {
    expect(await rpcError(url, 'hardhat_setMinGasPrice', [1])).toEqual({
      code: -32602,
      message: 'hardhat_setMinGasPrice is not supported when EIP-1559 is active',
    })
  })
})

describe('invalid params', () => {
  const cases: Array<[string, unknown[], RegExp]> = [
    ['a price that is not a number → -32602 naming it', ['cheap'], /invalid argument 0: expected 0x-prefixed hex number or non-negative integer/],
    ['no price → -32602', [], /missing value for required argument 0/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async () => {
      const error = await rpcError(url, 'anvil_setMinGasPrice', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})
