import { describe, expect } from 'vitest'
import { devAccount, hex, receiptOf, signRaw, type DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTest } from '../helpers/rpcTest.ts'

const test = rpcTest
let server: DevServer
test.beforeAll(async ({ server: started }) => {
  server = started
})

describe('valid params', () => {
  test('1 gwei, as Anvil suggests', async () => {
    expect(await rpc(server.url, 'eth_maxPriorityFeePerGas')).toBe('0x3b9aca00')
  })

  test('a fee-market transaction with that tip is mined paying base fee + tip', async () => {
    const tip = BigInt(await rpc(server.url, 'eth_maxPriorityFeePerGas'))
    const raw = await signRaw(server.url, 0, {
      type: 'eip1559',
      chainId: 31337,
      to: devAccount(1).address,
      gas: 21_000n,
      maxPriorityFeePerGas: tip,
      maxFeePerGas: 10n * tip,
    })
    const receipt = await receiptOf(server.url, await rpc(server.url, 'eth_sendRawTransaction', [raw]))
    const block = await rpc(server.url, 'eth_getBlockByHash', [receipt.blockHash, false])
    expect(receipt.effectiveGasPrice).toBe(hex(BigInt(block.baseFeePerGas) + tip))
  })
})

describe('invalid params', () => {
  test('any argument → -32602 too many arguments', async () => {
    expect(await rpcError(server.url, 'eth_maxPriorityFeePerGas', [1])).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/too many arguments for eth_maxPriorityFeePerGas/),
    })
  })
})
