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
  test('true, as geth and Anvil answer', async () => {
    expect(await rpc(server.url, 'net_listening')).toBe(true)
  })
})

describe('invalid params', () => {
  test('any argument → -32602 too many arguments', async () => {
    expect(await rpcError(server.url, 'net_listening', [true])).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/too many arguments for net_listening/),
    })
  })
})
