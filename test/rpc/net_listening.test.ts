import { describe, expect, test as plainTest } from 'vitest'
import { startChainsim } from '../../src/testing/index.ts'
import type { DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTest } from '../helpers/rpcTest.ts'
import { WsClient } from '../helpers/wsClient.ts'

const test = rpcTest
let server: DevServer
test.beforeAll(async ({ server: started }) => {
  server = started
})

describe('valid params', () => {
  test('true over HTTP, as geth and Anvil answer', async () => {
    expect(await rpc(server.url, 'net_listening')).toBe(true)
  })

  // The answer is only ever seen by a client whose request reached a listening socket: a closed server
  // answers nothing at all, so `false` is never on the wire (neither geth nor Anvil sends it either).
  plainTest('true on both transports of a started server; once it closes, neither socket answers', async () => {
    const own = await startChainsim({ networks: [{}] })
    const ws = await WsClient.open(own.wsUrl)
    const wsClosed = new Promise((resolve) => ws.socket.once('close', resolve))
    try {
      expect(await rpc(own.url, 'net_listening')).toBe(true)
      expect(await ws.call('net_listening')).toMatchObject({ result: true })
    } finally {
      await own.close()
    }
    await wsClosed
    await expect(rpc(own.url, 'net_listening')).rejects.toThrow(/fetch failed/)
    await expect(WsClient.open(own.wsUrl)).rejects.toThrow(/ECONNREFUSED/)
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
