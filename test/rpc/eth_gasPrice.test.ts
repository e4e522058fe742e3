import { describe, expect } from 'vitest'
import { devAccount, hex, receiptOf, signRaw, type DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTest } from '../helpers/rpcTest.ts'

const GWEI = 10n ** 9n

const test = rpcTest
let server: DevServer
test.beforeAll(async ({ server: started }) => {
  server = started
})

/** The base fee of the block the pool would make next. */
async function nextBaseFee(): Promise<bigint> {
  return BigInt((await rpc(server.url, 'eth_getBlockByNumber', ['pending', false])).baseFeePerGas)
}

describe('valid params', () => {
  test('the next block’s base fee plus the 1 gwei default tip (1 gwei + 0.875 gwei after genesis)', async () => {
    const price = BigInt(await rpc(server.url, 'eth_gasPrice'))
    expect(price).toBe((await nextBaseFee()) + GWEI)
    // Genesis has base fee 1 gwei and used no gas: the next base fee is 7/8 of it.
    expect(price).toBe(GWEI + (GWEI * 7n) / 8n)
  })

  test('follows the base fee as empty blocks lower it', async () => {
    const before = BigInt(await rpc(server.url, 'eth_gasPrice'))
    await rpc(server.url, 'anvil_mine', ['0x3'])
    const after = BigInt(await rpc(server.url, 'eth_gasPrice'))
    expect(after).toBeLessThan(before)
    expect(after).toBe((await nextBaseFee()) + GWEI)
  })

  test('a legacy transaction at that price is mined and pays exactly it', async () => {
    const gasPrice = BigInt(await rpc(server.url, 'eth_gasPrice'))
    const raw = await signRaw(server.url, 0, { type: 'legacy', chainId: 31337, to: devAccount(1).address, gas: 21_000n, gasPrice })
    const receipt = await receiptOf(server.url, await rpc(server.url, 'eth_sendRawTransaction', [raw]))
    expect(receipt.status).toBe('0x1')
    expect(receipt.effectiveGasPrice).toBe(hex(gasPrice))
  })
})

describe('invalid params', () => {
  test('any argument → -32602 too many arguments', async () => {
    expect(await rpcError(server.url, 'eth_gasPrice', ['latest'])).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/too many arguments for eth_gasPrice/),
    })
  })
})
