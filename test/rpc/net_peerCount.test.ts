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
  test('0x0: a quantity, as a geth node with no peers answers', async () => {
    expect(await rpc(server.url, 'net_peerCount')).toBe('0x0')
  })
})

describe('invalid params', () => {
  test('any argument → -32602 too many arguments', async () => {
    expect(await rpcError(server.url, 'net_peerCount', [1])).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/too many arguments for net_peerCount/),
    })
  })
})
