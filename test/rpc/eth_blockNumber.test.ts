import { describe, expect } from 'vitest'
import { devAccount, send, type DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTest } from '../helpers/rpcTest.ts'

const test = rpcTest
let server: DevServer
test.beforeAll(async ({ server: started }) => {
  server = started
})

describe('valid params', () => {
  test('a fresh chain is at genesis → 0x0', async () => {
    expect(await rpc(server.url, 'eth_blockNumber')).toBe('0x0')
  })

  test('a transaction under automine adds one block', async () => {
    const before = BigInt(await rpc(server.url, 'eth_blockNumber'))
    await send(server.url, { from: devAccount(0).address, to: devAccount(1).address, value: '0x1' })
    expect(await rpc(server.url, 'eth_blockNumber')).toBe(`0x${(before + 1n).toString(16)}`)
  })

  test('the answer is a minimal hex quantity and names the head block', async () => {
    await rpc(server.url, 'anvil_mine', ['0xf'])
    const number = await rpc<string>(server.url, 'eth_blockNumber')
    expect(number).toMatch(/^0x(0|[1-9a-f][0-9a-f]*)$/)
    expect((await rpc(server.url, 'eth_getBlockByNumber', ['latest', false])).number).toBe(number)
    expect(await rpc(server.url, 'eth_getBlockByNumber', [`0x${(BigInt(number) + 1n).toString(16)}`, false])).toBeNull()
  })
})

describe('invalid params', () => {
  test('any argument → -32602 too many arguments', async () => {
    expect(await rpcError(server.url, 'eth_blockNumber', ['latest'])).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/too many arguments for eth_blockNumber/),
    })
  })
})
