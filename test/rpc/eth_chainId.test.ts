import { describe, expect } from 'vitest'
import type { DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'

const test = rpcTestWith([
  { name: 'dev', chainId: 31337 },
  { name: 'other', chainId: 11155111 },
])
let server: DevServer
test.beforeAll(async ({ server: started }) => {
  server = started
})

describe('valid params', () => {
  test('the configured chain id as a hex quantity (31337 → 0x7a69)', async () => {
    expect(await rpc(server.url, 'eth_chainId')).toBe('0x7a69')
  })

  test('each network answers with its own chain id', async () => {
    expect(await rpc(server.networks.other!.url, 'eth_chainId')).toBe('0xaa36a7')
  })
})

describe('invalid params', () => {
  test('any argument → -32602 too many arguments', async () => {
    expect(await rpcError(server.url, 'eth_chainId', [1])).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/too many arguments for eth_chainId/),
    })
  })
})
