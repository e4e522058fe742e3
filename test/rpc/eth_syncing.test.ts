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
  test('a simulated chain is always in sync → false', async () => {
    expect(await rpc(server.url, 'eth_syncing')).toBe(false)
  })
})

describe('invalid params', () => {
  test('any argument → -32602 too many arguments', async () => {
    expect(await rpcError(server.url, 'eth_syncing', [true])).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/too many arguments for eth_syncing/),
    })
  })
})
