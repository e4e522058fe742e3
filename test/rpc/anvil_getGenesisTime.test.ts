import { describe, expect } from 'vitest'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTest as test } from '../helpers/rpcTest.ts'

describe('valid params', () => {
  test("the genesis block's timestamp, as a JSON number", async ({ server }) => {
    const genesis = await rpc(server.url, 'eth_getBlockByNumber', ['0x0', false])
    await rpc(server.url, 'evm_mine')
    const answer = await rpc(server.url, 'anvil_getGenesisTime')
    expect(typeof answer).toBe('number')
    expect(answer).toBe(Number(BigInt(genesis.timestamp)))
  })
})

describe('invalid params', () => {
  test('a param → -32602', async ({ server }) => {
    const error = await rpcError(server.url, 'anvil_getGenesisTime', [1])
    expect(error.code).toBe(-32602)
    expect(error.message).toMatch(/too many arguments/)
  })
})
