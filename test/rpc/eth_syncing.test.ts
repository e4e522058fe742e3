import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startDevServer, type DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'

let server: DevServer
beforeAll(async () => {
  server = await startDevServer()
})
afterAll(() => server.close())

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
