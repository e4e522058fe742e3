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
  test("the eth wire protocol version as a quantity, geth's form: eth/68", async () => {
    expect(await rpc(server.url, 'eth_protocolVersion')).toBe('0x44')
  })
})

describe('invalid params', () => {
  test('any argument → -32602 too many arguments', async () => {
    expect(await rpcError(server.url, 'eth_protocolVersion', ['eth'])).toMatchObject({ code: -32602, message: expect.stringMatching(/too many arguments/) })
  })
})
