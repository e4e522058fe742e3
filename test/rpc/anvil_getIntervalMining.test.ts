import { describe, expect } from 'vitest'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTest as test } from '../helpers/rpcTest.ts'

describe('valid params', () => {
  test('null under automine, the interval in seconds while interval mining runs, null again when stopped', async ({ server }) => {
    expect(await rpc(server.url, 'anvil_getIntervalMining')).toBeNull()
    await rpc(server.url, 'anvil_setIntervalMining', [60])
    expect(await rpc(server.url, 'anvil_getIntervalMining')).toBe(60)
    await rpc(server.url, 'evm_setIntervalMining', [2500])
    expect(await rpc(server.url, 'anvil_getIntervalMining')).toBe(2)
    await rpc(server.url, 'anvil_setIntervalMining', [0])
    expect(await rpc(server.url, 'anvil_getIntervalMining')).toBeNull()
  })
})

describe('invalid params', () => {
  test('a param → -32602', async ({ server }) => {
    const error = await rpcError(server.url, 'anvil_getIntervalMining', [true])
    expect(error.code).toBe(-32602)
    expect(error.message).toMatch(/too many arguments/)
  })
})
