import { describe, expect } from 'vitest'
import { devAccount, receiptOf, send, type DevServer } from '../helpers/rpcChain.ts'
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
const feeTaker = '0x00000000000000000000000000000000000000fe'

describe('valid params', () => {
  test('blocks mined from then on name it as miner and pay it the tips; eth_coinbase answers it', async () => {
    expect(await rpc(url, 'anvil_setCoinbase', [feeTaker])).toBeNull()
    expect(await rpc(url, 'eth_coinbase')).toBe(feeTaker)
    const receipt = await receiptOf(url, await send(url, { from: alice, to: devAccount(1).address }))
    const block = await rpc(url, 'eth_getBlockByNumber', [receipt.blockNumber, false])
    expect(block.miner).toBe(feeTaker)
    const tip = (BigInt(receipt.effectiveGasPrice) - BigInt(block.baseFeePerGas)) * BigInt(receipt.gasUsed)
    expect(BigInt(await rpc(url, 'eth_getBalance', [feeTaker, 'latest']))).toBe(tip)
  })

  test('a checksummed address is taken as it is; hardhat_setCoinbase answers true', async () => {
    expect(await rpc(url, 'hardhat_setCoinbase', [alice])).toBe(true)
    expect(await rpc(url, 'eth_coinbase')).toBe(alice.toLowerCase())
  })
})

describe('invalid params', () => {
  const cases: Array<[string, unknown[], RegExp]> = [
    ['a short address → -32602', ['0xfe'], /invalid argument 0: hex string has length 2, want 40/],
    ['no address → -32602', [], /missing value for required argument 0/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async () => {
      const error = await rpcError(url, 'anvil_setCoinbase', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})
