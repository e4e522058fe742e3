import { describe, expect } from 'vitest'
import type { DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTest } from '../helpers/rpcTest.ts'

const test = rpcTest
let server: DevServer
test.beforeAll(async ({ server: started }) => {
  server = started
})

describe('valid params', () => {
  test('the zero address by default, which mined blocks name as miner (as Anvil)', async () => {
    expect(await rpc(server.url, 'eth_coinbase')).toBe('0x0000000000000000000000000000000000000000')
    await rpc(server.url, 'evm_mine')
    expect((await rpc(server.url, 'eth_getBlockByNumber', ['latest', false])).miner).toBe(await rpc(server.url, 'eth_coinbase'))
  })

  test('what anvil_setCoinbase set', async () => {
    await rpc(server.url, 'anvil_setCoinbase', ['0x00000000000000000000000000000000000000c0'])
    expect(await rpc(server.url, 'eth_coinbase')).toBe('0x00000000000000000000000000000000000000c0')
  })
})

describe('invalid params', () => {
  test('any argument → -32602 too many arguments', async () => {
    expect(await rpcError(server.url, 'eth_coinbase', ['latest'])).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/too many arguments for eth_coinbase/),
    })
  })
})
